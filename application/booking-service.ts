import { CatalogReads } from '../projections/catalog/queries';
import type { CommandHandler } from './platform/command-handler';
import type { StorefrontContext } from './platform/context';
import { DepartureReads } from '../projections/departures/queries';
import type { Clock } from './platform/ports/clock';
import type { DocumentStore } from './platform/ports/document-store';
import type { Fx } from './platform/ports/fx';
import type { Mailer } from './platform/ports/mailer';
import type { BookingDoc } from './booking/view';
import * as checkout from './booking/checkout';
import * as expiry from './booking/jobs/expire-holds';
import * as holds from './booking/holds';
import * as manage from './manage-booking/manage';
import * as pricing from './availability/pricing';
import type { AwaitProjections, BookingDeps, BookingSettings, CheckoutBody, SelectionBody } from './booking/types';

/** Quotes, holds, checkout and cancellation: the booking path of parts 3 and 4. */
export class BookingService {
  private readonly deps: BookingDeps;

  constructor(
    commands: CommandHandler,
    docs: DocumentStore,
    clock: Clock,
    fx: Fx,
    mailer: Mailer,
    settings: BookingSettings,
    awaitProjections: AwaitProjections,
  ) {
    this.deps = { commands, docs, clock, fx, mailer, settings, awaitProjections, catalog: new CatalogReads(docs), departures: new DepartureReads(docs) };
  }

  paymentMethods(ctx: StorefrontContext, optionId: string, start: string) {
    return pricing.paymentMethods(this.deps, ctx, optionId, start);
  }

  quote(ctx: StorefrontContext, body: SelectionBody) {
    return pricing.quote(this.deps, ctx, body);
  }

  placeHold(ctx: StorefrontContext, body: SelectionBody, idempotencyKey: string | undefined) {
    return holds.placeHold(this.deps, ctx, body, idempotencyKey);
  }

  holdView(ctx: StorefrontContext, ref: string) {
    return holds.holdView(this.deps, ctx, ref);
  }

  checkout(ctx: StorefrontContext, body: CheckoutBody, idempotencyKey: string | undefined) {
    return checkout.checkout(this.deps, ctx, body, idempotencyKey);
  }

  bookingDoc(ctx: StorefrontContext, ref: string) {
    return manage.bookingDoc(this.deps, ctx, ref);
  }

  refundPreview(booking: Readonly<BookingDoc>) {
    return manage.refundPreview(this.deps, booking);
  }

  cancel(ctx: StorefrontContext, booking: Readonly<BookingDoc>, reason: string | null) {
    return manage.cancel(this.deps, ctx, booking, reason);
  }

  expireHolds(onError?: (ref: string, error: unknown) => void) {
    return expiry.expireHolds(this.deps, onError);
  }
}

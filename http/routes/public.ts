import type { AppDeps, RequestState } from '../kernel/app';
import type { StorefrontContext, StorefrontDoc } from '../../application/platform/context';
import type { BookingDoc } from '../../application/booking/view';
import { bookingView } from '../../application/booking/view';
import { secretHash, secretMatches } from '../../application/platform/secrets';
import { normaliseEmail } from '../../domain/hold';
import { Refusal, isRefusal, notFound, refuse } from '../../domain/shared/refusal';

export interface HandlerInput {
  params: Record<string, string>;
  query: Record<string, any>;
  body: any;
  idempotencyKey: string | undefined;
  state: RequestState;
  deps: AppDeps;
}

export type Handler = (input: HandlerInput) => Promise<{ status?: number; body: unknown } | Refusal>;

const ok = (body: unknown, status?: number) => ({ body, status });

function storefrontOf(input: HandlerInput): StorefrontDoc {
  return input.state.storefront as StorefrontDoc;
}

function context(input: HandlerInput): StorefrontContext {
  return { storefront: storefrontOf(input), correlationId: input.state.correlationId };
}

/**
 * The booking when the request proves access: its booking token, or (when allowed) the
 * lead's email. A wrong proof answers exactly like a missing booking.
 */
async function bookingFor(input: HandlerInput, allowEmail: boolean): Promise<Readonly<BookingDoc> | Refusal> {
  const doc = await input.deps.bookings.bookingDoc(context(input), input.params.ref);
  const token: string | undefined = input.query.token;
  const email: string | undefined = allowEmail ? input.query.email : undefined;
  const proven = doc !== null && (
    (token !== undefined && secretMatches(token, doc.booking_token_hash)) ||
    (email !== undefined && secretMatches(normaliseEmail(email), secretHash(doc.lead_email)))
  );
  return doc && proven ? doc : notFound('booking');
}

export const publicHandlers: Record<string, Handler> = {
  getStorefront: async (input) => ok(input.deps.catalogQueries.storefront(storefrontOf(input))),

  listProducts: async (input) => {
    const q = input.query;
    const result = await input.deps.catalogQueries.listProducts(storefrontOf(input), { ...q, limit: q.limit ?? 20, facets: q.facets === 'true' });
    return isRefusal(result) ? result : ok(result);
  },

  getProduct: async (input) => {
    const result = await input.deps.catalogQueries.product(storefrontOf(input), input.params.product, input.query);
    return isRefusal(result) ? result : ok(result);
  },

  getCalendar: async (input) => {
    const result = await input.deps.catalogQueries.calendar(storefrontOf(input), input.params.optionId, input.query.month);
    return isRefusal(result) ? result : ok(result);
  },

  listPaymentMethods: async (input) => {
    const result = await input.deps.bookings.paymentMethods(context(input), input.query.option_id, input.query.start);
    return isRefusal(result) ? result : ok(result);
  },

  createQuote: async (input) => {
    const result = await input.deps.bookings.quote(context(input), input.body);
    return isRefusal(result) ? result : ok(result);
  },

  createHold: async (input) => {
    const result = await input.deps.bookings.placeHold(context(input), input.body, input.idempotencyKey);
    return isRefusal(result) ? result : ok(result, 201);
  },

  getHold: async (input) => {
    const hold = await input.deps.bookings.holdView(context(input), input.params.ref);
    return hold ? ok(hold) : notFound('hold');
  },

  checkout: async (input) => {
    const result = await input.deps.bookings.checkout(context(input), input.body, input.idempotencyKey);
    return isRefusal(result) ? result : ok(result);
  },

  getBooking: async (input) => {
    const doc = await bookingFor(input, true);
    return isRefusal(doc) ? doc : ok(bookingView(doc));
  },

  getRefund: async (input) => {
    const doc = await bookingFor(input, true);
    if (isRefusal(doc)) return doc;
    const preview = await input.deps.bookings.refundPreview(doc);
    return isRefusal(preview) ? preview : ok(preview);
  },

  cancelBooking: async (input) => {
    const emailOnly = input.query.token === undefined && input.query.email !== undefined;
    const doc = await bookingFor(input, emailOnly);
    if (isRefusal(doc)) return doc;
    if (emailOnly) return refuse('Unauthenticated', "the lead's email opens a booking but cannot cancel it: send the booking token");
    const result = await input.deps.bookings.cancel(context(input), doc, input.body?.reason ?? null);
    return isRefusal(result) ? result : ok(result);
  },
};

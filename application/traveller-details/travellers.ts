import { DateTime } from 'luxon';
import { bookingDecider, bookingStream, type BookingPlacedData, type BookingStatus } from '../../domain/booking';
import { ageCheckOf } from '../../domain/booking/travellers';
import type { TravellerDetailsRule } from '../../domain/catalog/definitions';
import { type Refusal, isRefusal, notFound } from '../../domain/shared/refusal';
import {
  type BookingFacts,
  type DetailsSummary,
  type FormField,
  type TravellerDetails,
  detailsDueAt,
  detailsSummary,
  formFields,
  maskedDetails,
  startInstant,
  travellerDetailsStream,
  travellerLinkAddress,
} from '../../domain/traveller-details';
import type { SellingPlatform } from '../availability';
import { checkoutTravellers, metadataFor } from '../booking';
import type { StorefrontContext } from '../platform/context';
import { secretHash } from '../platform/secrets';
import { type OpenedTravellers, type TravellersProof, openTravellers } from './access';
import { sealedTravellerDetailsDecider } from './sealed-details';

export type TravellersDeps = Pick<SellingPlatform, 'docs' | 'commands' | 'clock' | 'ids' | 'catalog' | 'settings' | 'awaitProjections'>;

/** One traveller as answered: what they gave so far, identity numbers masked. */
export interface TravellerAnswer {
  position: number;
  lead: boolean;
  complete: boolean;
  details: Record<string, string>;
  given_by: 'checkout' | 'lead' | 'traveller_link' | null;
  given_at: string | null;
  link_expires_at: string | null;
}

export interface TravellersAnswer {
  ref: string;
  form: { collect: TravellerDetailsRule['collect']; due_at: string | null; fields: FormField[] };
  /** Where the whole booking stands; null for a traveller's link, which sees only its own traveller. */
  details: DetailsSummary | null;
  travellers: TravellerAnswer[];
}

export interface LinkAnswer {
  position: number;
  url: string;
  token: string;
  expires_at: string;
}

/** A booking's traveller details as the decisions and answers need them, read from its streams. */
interface Loaded {
  placed: BookingPlacedData;
  start: string;
  status: BookingStatus | 'placed';
  facts: BookingFacts;
  state: TravellerDetails;
  now: Date;
}

export async function travellers(deps: TravellersDeps, ctx: StorefrontContext, ref: string, proof: TravellersProof): Promise<TravellersAnswer | Refusal> {
  const opened = await openTravellers(deps, ctx, ref, proof, 'read');
  if (isRefusal(opened)) return opened;
  const loaded = await load(deps, opened);
  if (isRefusal(loaded)) return loaded;
  const { placed, facts } = loaded;
  const positions = opened.only === null ? range(facts.pax) : [opened.only];
  return {
    ref,
    form: {
      collect: facts.rule.collect,
      due_at: facts.rule.collect === 'after_booking' && facts.rule.fields.length > 0 ? detailsDueAt(facts.rule, loaded.start, placed.timezone) : null,
      fields: formFields(facts.rule),
    },
    details: opened.only === null ? summary(loaded) : null,
    travellers: positions.map((position) => answerOf(loaded, position)),
  };
}

/** PUT one traveller: the booking token, the owner's session, or that traveller's own link. */
export async function saveTraveller(
  deps: TravellersDeps,
  ctx: StorefrontContext,
  ref: string,
  position: number,
  proof: TravellersProof,
  details: Record<string, unknown>,
): Promise<TravellerAnswer | Refusal> {
  const opened = await openTravellers(deps, ctx, ref, proof, 'change');
  if (isRefusal(opened)) return opened;
  if (opened.only !== null && opened.only !== position) return notFound('booking');
  const loaded = await load(deps, opened);
  if (isRefusal(loaded)) return loaded;
  const { now } = loaded;
  const by = opened.only === null ? 'lead' : 'traveller_link';
  const saved = await deps.commands.handle(
    travellerDetailsStream(ref),
    sealedTravellerDetailsDecider(deps.settings.tokenSealingKey),
    { type: 'SaveTravellerDetails', booking: loaded.facts, position, details, by, now },
    metadataFor(ctx, now),
  );
  if (isRefusal(saved)) return saved;
  // The booking view read next shows the details given (read-your-writes).
  await deps.awaitProjections(saved.position);
  return answerOf({ ...loaded, state: saved.state }, position);
}

/** A link for the lead to forward: it opens only this traveller, until the start; a new one replaces the old. */
export async function issueLink(
  deps: TravellersDeps,
  ctx: StorefrontContext,
  ref: string,
  position: number,
  proof: TravellersProof,
): Promise<LinkAnswer | Refusal> {
  const opened = await openTravellers(deps, ctx, ref, { token: proof.token, email: proof.email }, 'change');
  if (isRefusal(opened)) return opened;
  const loaded = await load(deps, opened);
  if (isRefusal(loaded)) return loaded;
  const token = deps.ids.token('tt_');
  const expiresAt = startInstant(loaded.start, loaded.placed.timezone);
  const issued = await deps.commands.handle(
    travellerDetailsStream(ref),
    sealedTravellerDetailsDecider(deps.settings.tokenSealingKey),
    { type: 'IssueTravellerLink', booking: loaded.facts, position, linkTokenHash: secretHash(token), expiresAt, now: loaded.now },
    metadataFor(ctx, loaded.now),
  );
  if (isRefusal(issued)) return issued;
  return { position, url: travellerLinkAddress(ctx.storefront, ref, token), token, expires_at: expiresAt };
}

async function load(deps: TravellersDeps, opened: OpenedTravellers): Promise<Loaded | Refusal> {
  const ref = opened.doc._id;
  const [{ state: booking }, { state }] = await Promise.all([
    deps.commands.load(bookingStream(ref), bookingDecider),
    deps.commands.load(travellerDetailsStream(ref), sealedTravellerDetailsDecider(deps.settings.tokenSealingKey)),
  ]);
  if (booking.status === 'none') return notFound('booking');
  const placed = booking.placed;
  const product = await deps.catalog.product(placed.productId);
  const definition = product?.definition;
  // Bookings placed before the rule was kept collected their details at checkout, under the option's rule.
  const option = definition?.options.find((o) => o.id === placed.optionId);
  const current = option?.traveller_details;
  const rule = placed.detailsRule ?? { scope: 'lead', fields: current?.fields ?? [], collect: 'checkout', due_hours_before: null };
  const now = deps.clock.now();
  const today = DateTime.fromJSDate(now, { zone: placed.timezone }).toISODate() as string;
  // A multi-day trip ends duration_days after it starts (the start day counting as the first), as checkout counts it.
  const lastDay = DateTime.fromISO(booking.start.slice(0, 10), { zone: 'UTC' })
    .plus({ days: Math.max(0, (definition?.duration_days ?? 1) - 1) })
    .toISODate() as string;
  return {
    // The checkout's travellers with their identity numbers opened, for the masked answer.
    placed: { ...placed, travellers: checkoutTravellers(deps.settings.tokenSealingKey, placed) },
    start: booking.start,
    status: booking.status,
    facts: {
      ref,
      pax: placed.pax,
      status: booking.status,
      rule,
      lastDay,
      today,
      ages: option ? ageCheckOf(option.units, placed.quote.lines, booking.start) : null,
    },
    state,
    now,
  };
}

function summary(loaded: Loaded): DetailsSummary {
  const { placed, facts, state, status } = loaded;
  return detailsSummary(
    {
      rule: placed.detailsRule ?? null,
      givenAtCheckout: placed.travellers.length > 0,
      start: loaded.start,
      timezone: placed.timezone,
      pax: facts.pax,
      given: Object.keys(state.entries).filter((position) => Number(position) <= facts.pax).length,
      live: status === 'confirmed' || status === 'pending' || status === 'placed',
    },
    loaded.now,
  );
}

function answerOf(loaded: Loaded, position: number): TravellerAnswer {
  const { placed, facts, state, now } = loaded;
  const saved = state.entries[position];
  const atCheckout = placed.travellers[position - 1];
  const link = state.links[position];
  const given: { details: Record<string, string>; by: TravellerAnswer['given_by']; at: string | null } = saved
    ? { details: saved.details, by: saved.by, at: saved.at }
    : atCheckout
      ? { details: asked(facts.rule.fields, atCheckout), by: 'checkout', at: placed.placedAt }
      : { details: {}, by: null, at: null };
  return {
    position,
    lead: position === 1,
    complete: facts.rule.fields.every((field) => (given.details[field] ?? '').trim() !== ''),
    details: maskedDetails(given.details),
    given_by: given.by,
    given_at: given.at,
    link_expires_at: link && Date.parse(link.expiresAt) > now.getTime() ? link.expiresAt : null,
  };
}

/** The fields a rule asks for, of the details a checkout was given (kept as sent), when they are text. */
const asked = (fields: string[], given: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(fields.flatMap((field) => (typeof given[field] === 'string' ? [[field, given[field] as string]] : [])));

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);

import { cutoffAt } from '../../domain/calendar/schedule';
import type { OptionDefinition } from '../../domain/catalog/definitions';
import { OfferMadeData, OfferRecord, OfferState, enquiryDecider, enquiryStream, offerStateAt, offeredQuote } from '../../domain/enquiry';
import { type InputProblem, Refusal, invalidInput, isRefusal, notFound } from '../../domain/shared/refusal';
import { EnquiryReads } from '../../projections/enquiries/queries';
import { price } from '../availability';
import type { StorefrontContext } from '../platform/context';
import type { EventMetadata } from '../platform/ports/event-store';
import type { Platform } from '../platform/platform';
import { secretHash, secretMatches } from '../platform/secrets';
import type { EnquiryPlatform } from './deps';
import { offerLinkToken } from './links';
import type { OfferBody, OfferCheckout, SellerAsking } from './types';
import { type OfferView, type SellerOfferView, offerView, sellerOfferView } from './views';

const sellerMetadata = (caller: SellerAsking, storefrontId: string, now: Date): EventMetadata => ({
  correlationId: caller.correlationId,
  causationId: caller.correlationId,
  storefrontId,
  at: now.toISOString(),
});

/**
 * The option as an offer prices it: with the seller's unit prices when given, in place of its price
 * tiers (an ask_for_price option has none: the seller names the price in the offer), else as published.
 */
function offeredOption(option: OptionDefinition, unitPrices: Record<string, number> | undefined): OptionDefinition {
  if (!unitPrices) return option;
  // The offer's prices hold on every date: the option's seasons and specials do not apply to them.
  return { ...option, ask_for_price: false, pricing: { tiers: [{ min_pax: 1, max_pax: null, unit_prices: unitPrices }] } };
}

/** Seller's unit prices must price every unit the group has, else the quote could only say no price for the group. */
function unpricedUnits(body: OfferBody): Refusal | null {
  const prices = body.unit_prices;
  if (!prices) return null;
  const missing = body.units.filter((u) => u.qty > 0 && prices[u.unit_id] === undefined);
  return missing.length === 0
    ? null
    : invalidInput(
        missing.map((u) => ({
          reason: 'required',
          field: `unit_prices.${u.unit_id}`,
          detail: `unit_prices.${u.unit_id} is required: the group has this unit`,
        })),
      );
}

/**
 * Answers a price request with an offer: the group priced at a start of one of the trip's options
 * by the very pricing of quotes (as the storefront asked on would quote it now), kept with the
 * offer, open until valid_until. The traveller is emailed the link by the offer-mail reactor.
 */
export async function makeOffer(deps: EnquiryPlatform, caller: SellerAsking, enquiryId: string, body: OfferBody): Promise<SellerOfferView | Refusal> {
  const now = deps.clock.now();
  const doc = await deps.enquiries.ofSeller(caller.sellerId, enquiryId);
  const storefront = doc && (await deps.catalog.storefront(doc.storefront_id));
  if (!doc || !storefront) return notFound('enquiry');
  const ctx: StorefrontContext = { storefront, correlationId: caller.correlationId };
  const unpriced = unpricedUnits(body);
  if (unpriced) return unpriced;
  // 'request': an offer answers for on_request options too, and payment deadlines are checked when it is booked.
  const priced = await price(deps, ctx, body, now, 'request', (option) => offeredOption(option, body.unit_prices));
  if (isRefusal(priced)) return priced;
  const { product, option } = priced;
  const offerId = deps.ids.uuid();
  const offer: OfferMadeData = {
    enquiryId: doc._id,
    offerId,
    productId: product._id,
    optionId: option.id,
    option: option.name,
    start: body.start,
    timezone: product.definition.timezone,
    selection: priced.selection,
    places: priced.places,
    quote: offeredQuote(priced.quote),
    validUntil: new Date(Date.parse(body.valid_until)).toISOString(),
    tokenHash: secretHash(offerLinkToken(deps.settings, offerId)),
    note: body.note?.trim() || null,
    madeAt: now.toISOString(),
  };
  const cutoff = cutoffAt(option, body.start, product.definition.timezone).toUTC().toISO() as string;
  const made = await deps.commands.handle(
    enquiryStream(doc.reference),
    enquiryDecider,
    { type: 'MakeOffer', sellerId: caller.sellerId, offer, cutoffAt: cutoff, now },
    sellerMetadata(caller, storefront._id, now),
  );
  if (isRefusal(made)) return made;
  await deps.awaitProjections(made.position);
  const after = await deps.enquiries.ofSeller(caller.sellerId, enquiryId);
  const entry = after?.offers[offerId];
  return entry ? sellerOfferView(entry, now) : notFound('offer');
}

/** The seller takes an offer back: its link then shows it withdrawn, and it can no longer be booked. */
export async function withdrawOffer(deps: EnquiryPlatform, caller: SellerAsking, enquiryId: string, offerId: string): Promise<SellerOfferView | Refusal> {
  const now = deps.clock.now();
  const doc = await deps.enquiries.ofSeller(caller.sellerId, enquiryId);
  if (!doc) return notFound('enquiry');
  const withdrawn = await deps.commands.handle(
    enquiryStream(doc.reference),
    enquiryDecider,
    { type: 'WithdrawOffer', sellerId: caller.sellerId, offerId, now },
    sellerMetadata(caller, doc.storefront_id, now),
  );
  if (isRefusal(withdrawn)) return withdrawn;
  await deps.awaitProjections(withdrawn.position);
  const entry = (await deps.enquiries.ofSeller(caller.sellerId, enquiryId))?.offers[offerId];
  return entry ? sellerOfferView(entry, now) : notFound('offer');
}

/** The offer its link opens; a wrong token answers exactly as an offer that does not exist. */
export async function openOffer(deps: EnquiryPlatform, ctx: StorefrontContext, offerId: string, token: string): Promise<OfferView | Refusal> {
  const doc = await deps.enquiries.byOffer(ctx.storefront._id, offerId);
  const entry = doc?.offers[offerId];
  if (!doc || !entry || !secretMatches(token, entry.token_hash)) return notFound('offer');
  return offerView(doc, entry, deps.clock.now());
}

/** An offer checkout may book: what it sells, the stream that books it once, and how it stands now. */
export interface OfferToBook {
  reference: string;
  offer: OfferMadeData;
  state: OfferState;
  bookedRef: OfferRecord['bookedRef'];
}

/** For checkout: the offer the id and token open on this storefront, from its own stream; 404 offer otherwise. */
export async function offerToBook(
  deps: Pick<Platform, 'docs' | 'commands'>,
  ctx: StorefrontContext,
  offerId: string,
  token: string,
  now: Date,
): Promise<OfferToBook | Refusal> {
  const doc = await new EnquiryReads(deps.docs).byOffer(ctx.storefront._id, offerId);
  if (!doc) return notFound('offer');
  const { state } = await deps.commands.load(enquiryStream(doc.reference), enquiryDecider);
  const record = state.status === 'received' ? state.offers[offerId] : undefined;
  if (!record || !secretMatches(token, record.made.tokenHash)) return notFound('offer');
  return { reference: doc.reference, offer: record.made, state: offerStateAt(record, now), bookedRef: record.bookedRef };
}

/** What a checkout body may carry beside an offer: the offer fixes the start, the group and the price. */
const SET_BY_THE_OFFER = ['ref', 'option_id', 'start', 'units', 'extras', 'rooms', 'pickup', 'currency'] as const;

/**
 * For checkout: an offer is booked with its id and its token together, in place of a hold and a
 * selection. A body mixing them would otherwise book something other than what its sender meant
 * (the offer, ignoring the rest), and a missing token would pass for a wrong one; null when the
 * body names no offer or names one as it should.
 */
export function offerCheckoutProblems(body: OfferCheckout & Partial<Record<(typeof SET_BY_THE_OFFER)[number], unknown>>): Refusal | null {
  if (body.offer_id === undefined && body.offer_token === undefined) return null;
  const problems: InputProblem[] = [];
  if (body.offer_id === undefined)
    problems.push({ reason: 'required', field: 'offer_id', detail: "offer_id is required with offer_token: send both from the offer's link" });
  if (body.offer_token === undefined)
    problems.push({ reason: 'required', field: 'offer_token', detail: "offer_token is required with offer_id: send both from the offer's link" });
  for (const field of SET_BY_THE_OFFER) {
    if (body[field] !== undefined)
      problems.push({ reason: 'invalid_value', field, detail: `${field} cannot come with an offer: the offer sets the start, the group and the price` });
  }
  return problems.length > 0 ? invalidInput(problems) : null;
}

import { assertNever } from '../shared/decider';
import { Refusal, conflict, invalidInput, notFound } from '../shared/refusal';
import { Enquiry, EnquiryEvent, EnquiryReceivedData, OfferMadeData, offerStateAt } from './events';
import { offerValidityProblems } from './rules';

export type ReceiveEnquiry = { type: 'ReceiveEnquiry'; enquiry: EnquiryReceivedData };
/** `sellerId` is who answers; `cutoffAt` is when the offered start stops taking bookings. */
export type MakeOffer = { type: 'MakeOffer'; sellerId: string; offer: OfferMadeData; cutoffAt: string; now: Date };
export type BookOffer = { type: 'BookOffer'; offerId: string; ref: string; now: Date };
export type WithdrawOffer = { type: 'WithdrawOffer'; sellerId: string; offerId: string; now: Date };

export type EnquiryCommand = ReceiveEnquiry | MakeOffer | BookOffer | WithdrawOffer;

type Received = Extract<Enquiry, { status: 'received' }>;

/** An enquiry's stream is named by its reference: a reference drawn twice is refused, and drawn again. */
function receiveEnquiry(command: ReceiveEnquiry, state: Enquiry): EnquiryEvent[] | Refusal {
  if (state.status !== 'none') return conflict('reference_taken', 'this enquiry reference is taken', { reference: command.enquiry.reference });
  return [{ type: 'EnquiryReceived', data: command.enquiry }];
}

/** Only the seller an enquiry went to sees it; to anyone else it does not exist. */
function answeredBy(state: Enquiry, sellerId: string): Received | Refusal {
  return state.status === 'received' && state.received.sellerId === sellerId ? state : notFound('enquiry');
}

function makeOffer(command: MakeOffer, state: Enquiry): EnquiryEvent[] | Refusal {
  const enquiry = answeredBy(state, command.sellerId);
  if ('refused' in enquiry) return enquiry;
  const { offer } = command;
  if (enquiry.offers[offer.offerId]) return [];
  if (enquiry.received.kind !== 'product') {
    return conflict('not_a_price_request', `an offer answers a question about one trip; this enquiry is kind ${enquiry.received.kind}`, {
      kind: enquiry.received.kind,
    });
  }
  if (offer.productId !== enquiry.received.productId) {
    return invalidInput([{ reason: 'not_of_the_trip', field: 'option_id', detail: 'option_id must be an option of the trip the enquiry is about' }]);
  }
  const problems = offerValidityProblems(offer.validUntil, command.cutoffAt, command.now);
  if (problems.length > 0) return invalidInput(problems);
  return [{ type: 'OfferMade', data: offer }];
}

/** An offer is booked once: the same booking again changes nothing; anything else answers how the offer stands. */
function bookOffer(command: BookOffer, state: Enquiry): EnquiryEvent[] | Refusal {
  const offer = state.status === 'received' ? state.offers[command.offerId] : undefined;
  if (state.status !== 'received' || !offer) return notFound('offer');
  if (offer.bookedRef === command.ref) return [];
  const offerState = offerStateAt(offer, command.now);
  if (offerState !== 'open') return offerRefusal(command.offerId, offerState);
  return [{ type: 'OfferBooked', data: { enquiryId: state.received.enquiryId, offerId: command.offerId, ref: command.ref, at: command.now.toISOString() } }];
}

function withdrawOffer(command: WithdrawOffer, state: Enquiry): EnquiryEvent[] | Refusal {
  const enquiry = answeredBy(state, command.sellerId);
  if ('refused' in enquiry) return enquiry;
  const offer = enquiry.offers[command.offerId];
  if (!offer) return notFound('offer');
  if (offer.withdrawnAt) return [];
  if (offer.bookedRef) return offerRefusal(command.offerId, 'booked');
  return [{ type: 'OfferWithdrawn', data: { enquiryId: enquiry.received.enquiryId, offerId: command.offerId, at: command.now.toISOString() } }];
}

/** 409 Conflict naming how the offer stands: offer_expired, offer_booked or offer_withdrawn. */
export function offerRefusal(offerId: string, state: 'expired' | 'booked' | 'withdrawn'): Refusal {
  const why = { expired: 'its valid_until has passed', booked: 'it was booked already', withdrawn: 'the seller withdrew it' }[state];
  return conflict(`offer_${state}`, `this offer cannot be booked: ${why}`, { offer_id: offerId, state });
}

export function decideEnquiry(command: EnquiryCommand, state: Enquiry): EnquiryEvent[] | Refusal {
  switch (command.type) {
    case 'ReceiveEnquiry':
      return receiveEnquiry(command, state);
    case 'MakeOffer':
      return makeOffer(command, state);
    case 'BookOffer':
      return bookOffer(command, state);
    case 'WithdrawOffer':
      return withdrawOffer(command, state);
    default:
      return assertNever(command);
  }
}

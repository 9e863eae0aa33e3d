import type { Event } from '../shared/decider';
import type { Quote, Selection } from '../pricing/quote';

export type Attribution = Record<string, string>;

/**
 * `selection` is the request's selection and `quote` the spec's Quote, each embedded whole in the
 * spec's own (snake_case) shape; `attribution` keeps the keys the storefront sent.
 */
export interface HoldPlacedData {
  ref: string;
  storefrontId: string;
  sellerId: string;
  productId: string;
  optionId: string;
  start: string;
  /** Places taken at the departure (travellers who take a seat). */
  places: number;
  selection: Selection;
  quote: Quote;
  expiresAt: string;
  placedAt: string;
  /** Fingerprint of the request, to tell a repeat from a different request under one idempotency key; empty for a hold placed without a key. */
  requestHash: string;
  attribution: Attribution | null;
}

export type HoldPlaced = Event<'HoldPlaced', HoldPlacedData>;
export type HoldCheckedOut = Event<'HoldCheckedOut', { ref: string; leadEmail: string; at: string }>;
export type HoldExpired = Event<'HoldExpired', { ref: string; at: string }>;
/**
 * The checkout that checked the hold out was refused before its booking was placed (e.g. 422 SlotClosed
 * once the seller called the start off): the hold is on hold again, until its own time, as though that
 * checkout had not been tried. `code` is the refusal's.
 */
export type HoldCheckoutRefused = Event<'HoldCheckoutRefused', { ref: string; code: string; at: string }>;

export type HoldEvent = HoldPlaced | HoldCheckedOut | HoldExpired | HoldCheckoutRefused;

export type Hold =
  { status: 'none' } | { status: 'on_hold' | 'expired'; placed: HoldPlacedData } | { status: 'checked_out'; placed: HoldPlacedData; leadEmail: string };

export const initialHold = (): Hold => ({ status: 'none' });

export function evolveHold(state: Hold, event: HoldEvent): Hold {
  switch (event.type) {
    case 'HoldPlaced':
      return { status: 'on_hold', placed: event.data };
    case 'HoldCheckedOut':
      return state.status === 'none' ? state : { status: 'checked_out', placed: state.placed, leadEmail: event.data.leadEmail };
    case 'HoldExpired':
      return state.status === 'on_hold' ? { status: 'expired', placed: state.placed } : state;
    case 'HoldCheckoutRefused':
      return state.status === 'checked_out' ? { status: 'on_hold', placed: state.placed } : state;
  }
}

/** How the hold stands at `now`: its time running out is enough to make it expired. */
export function holdStatusAt(state: Exclude<Hold, { status: 'none' }>, now: Date): Exclude<Hold['status'], 'none'>;
export function holdStatusAt(state: Hold, now: Date): Hold['status'];
export function holdStatusAt(state: Hold, now: Date): Hold['status'] {
  if (state.status === 'on_hold' && Date.parse(state.placed.expiresAt) <= now.getTime()) return 'expired';
  return state.status;
}

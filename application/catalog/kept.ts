import { DateTime } from 'luxon';
import type { OptionDefinition } from '../../domain/catalog/definitions';
import { mainOption } from '../../domain/catalog/trip-facts';
import { groupCanBook, groupEachUsd } from '../../domain/pricing/from-price';
import type { ProductDoc } from '../../projections/catalog/queries';
import { type Money, money } from '../../domain/shared/money';
import type { SellerDoc } from '../platform/context';
import { type Pricer, tripCard } from './views';

/**
 * What lists work out again and again about the same trips, kept with the stored document it was
 * worked out from. Stored documents do not change (a changed trip is a new document), so an answer
 * lasts as long as the document, and goes with it.
 */

/**
 * Per option definition (of `product`) and group size: whether the group can book it (groupCanBook)
 * and what each pays (groupEachUsd), with specials counted from the day from_price counts them
 * (the trip's local day the catalog changed, projections/catalog).
 */
export function groupFacts(product: Readonly<ProductDoc>, option: OptionDefinition, travellers: number): { fits: boolean; eachUsd: number | null } {
  // Kept with the trip's document, not its option alone: a document changed only in updated_at
  // (published again, say) shares its options with the one before, but counts specials from another day.
  let byOption = GROUP_FACTS.get(product);
  if (!byOption) GROUP_FACTS.set(product, (byOption = new Map()));
  let bySize = byOption.get(option);
  if (!bySize) byOption.set(option, (bySize = new Map()));
  let facts = bySize.get(travellers);
  if (!facts) {
    const today = DateTime.fromISO(product.updated_at, { zone: product.definition.timezone }).toISODate();
    bySize.set(travellers, (facts = { fits: groupCanBook(option, travellers), eachUsd: groupEachUsd(option, travellers, today) }));
  }
  return facts;
}

const GROUP_FACTS = new WeakMap<Readonly<ProductDoc>, Map<OptionDefinition, Map<number, { fits: boolean; eachUsd: number | null }>>>();

/** The option a list judges a trip by (mainOption), found once per document. */
export function keptMainOption(product: Readonly<ProductDoc>): OptionDefinition | undefined {
  if (!MAIN_OPTIONS.has(product)) MAIN_OPTIONS.set(product, mainOption(product.definition));
  return MAIN_OPTIONS.get(product);
}

const MAIN_OPTIONS = new WeakMap<Readonly<ProductDoc>, OptionDefinition | undefined>();

/** A trip card as lists show it: shared by every list and search that shows it, so frozen. */
export type KeptCard = Readonly<ReturnType<typeof tripCard>>;

/**
 * The trip card (views.ts tripCard) as lists show it, built once per language, pricer (currency,
 * rate and rounding) and seller: a page of a list shows the same twenty cards to every visitor.
 * The card is frozen: whoever writes it may keep its text with it (http/public/answer-text.ts).
 */
export function keptCard(product: Readonly<ProductDoc>, seller: Readonly<SellerDoc> | undefined, locale: string | undefined, p: Pricer): KeptCard {
  let cards = CARDS.get(product);
  if (!cards) CARDS.set(product, (cards = []));
  // A handful per trip (languages times currencies): a walk compares them faster than a key is built.
  for (let i = 0; i < cards.length; i++) {
    const known = cards[i];
    // A seller renamed is a new seller document: the card is built again.
    if (known.p === p && known.locale === locale && known.seller === seller) return known.card;
  }
  const card = Object.freeze(tripCard(product, seller, locale, p));
  const stale = cards.findIndex((known) => known.p === p && known.locale === locale);
  if (stale >= 0) cards.splice(stale, 1);
  // Pricers of past rates leave cards no list asks for again.
  else if (cards.length >= CARDS_PER_TRIP) cards.shift();
  cards.push({ p, locale, seller, card });
  return card;
}

const CARDS_PER_TRIP = 32;
const CARDS = new WeakMap<Readonly<ProductDoc>, { p: Pricer; locale: string | undefined; seller: Readonly<SellerDoc> | undefined; card: KeptCard }[]>();

/** A card with what the list's group pays, and what one more would (lists with travellers). */
export type KeptGroupCard = Readonly<KeptCard & { group_price: Money | null; next_group_price: Money | null }>;

/**
 * The kept card with the group's prices, in the list's currency: kept with the card, so every
 * visitor asking for the same group sees the same frozen object, whose text is kept too.
 */
export function keptGroupCard(card: KeptCard, groupPrice: number | null, nextGroupPrice: number | null, currency: string): KeptGroupCard {
  let byPrices = GROUP_CARDS.get(card);
  if (!byPrices) GROUP_CARDS.set(card, (byPrices = new Map()));
  const key = `${groupPrice}|${nextGroupPrice}`;
  let groupCard = byPrices.get(key);
  if (!groupCard) {
    // A handful of group sizes per card: a card asked for every size starts over rather than grow.
    if (byPrices.size >= GROUP_CARDS_PER_CARD) byPrices.clear();
    groupCard = Object.freeze({
      ...card,
      group_price: groupPrice === null ? null : money(groupPrice, currency),
      next_group_price: nextGroupPrice === null ? null : money(nextGroupPrice, currency),
    });
    byPrices.set(key, groupCard);
  }
  return groupCard;
}

const GROUP_CARDS_PER_CARD = 64;
const GROUP_CARDS = new WeakMap<KeptCard, Map<string, KeptGroupCard>>();

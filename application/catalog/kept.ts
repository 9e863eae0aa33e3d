import type { OptionDefinition } from '../../domain/catalog/definitions';
import { mainOption } from '../../domain/catalog/trip-facts';
import { groupCanBook, groupEachUsd } from '../../domain/pricing/from-price';
import type { ProductDoc } from '../../projections/catalog/queries';
import type { SellerDoc } from '../platform/context';
import { type Pricer, contentLocale, fromPrice, tripCard } from './views';

/**
 * What lists work out again and again about the same trips, kept with the stored document it was
 * worked out from. Stored documents do not change (a changed trip is a new document), so an answer
 * lasts as long as the document, and goes with it.
 */

/**
 * Per option definition and group size: whether the group can book it (groupCanBook) and what each
 * pays (groupEachUsd).
 */
export function groupFacts(option: OptionDefinition, travellers: number): { fits: boolean; eachUsd: number | null } {
  let bySize = GROUP_FACTS.get(option);
  if (!bySize) GROUP_FACTS.set(option, (bySize = new Map()));
  let facts = bySize.get(travellers);
  if (!facts) bySize.set(travellers, (facts = { fits: groupCanBook(option, travellers), eachUsd: groupEachUsd(option, travellers) }));
  return facts;
}

const GROUP_FACTS = new WeakMap<OptionDefinition, Map<number, { fits: boolean; eachUsd: number | null }>>();

/** The option a list judges a trip by (mainOption), found once per document. */
export function keptMainOption(product: Readonly<ProductDoc>): OptionDefinition | undefined {
  if (!MAIN_OPTIONS.has(product)) MAIN_OPTIONS.set(product, mainOption(product.definition));
  return MAIN_OPTIONS.get(product);
}

const MAIN_OPTIONS = new WeakMap<Readonly<ProductDoc>, OptionDefinition | undefined>();

/**
 * The trip card (views.ts tripCard) as lists show it, built once per language, price and seller:
 * a page of a list shows the same twenty cards to every visitor. The card is shared: never change it.
 */
export function keptCard(
  product: Readonly<ProductDoc>,
  seller: Readonly<SellerDoc> | undefined,
  locale: string | undefined,
  p: Pricer,
): ReturnType<typeof tripCard> {
  const price = fromPrice(product, p);
  // The card is in its content language, its places and categories named in the asked one.
  const key = `${locale}|${contentLocale(product.definition, locale)}|${price ? `${price.amount} ${price.currency}` : ''}`;
  let cards = CARDS.get(product);
  if (!cards) CARDS.set(product, (cards = new Map()));
  const known = cards.get(key);
  // A seller renamed is a new seller document: the card is built again.
  if (known && known.seller === seller) return known.card;
  const card = tripCard(product, seller, locale, p);
  cards.set(key, { seller, card });
  return card;
}

const CARDS = new WeakMap<Readonly<ProductDoc>, Map<string, { seller: Readonly<SellerDoc> | undefined; card: ReturnType<typeof tripCard> }>>();

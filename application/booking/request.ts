import type { Attribution } from '../../domain/hold';
import type { Selection } from '../../domain/pricing/quote';
import type { SelectionBody } from './types';

export function selectionOf(body: SelectionBody): Selection {
  return { units: body.units, extras: body.extras ?? [], rooms: body.rooms ?? [], pickup: body.pickup ?? null };
}

/** Drops empty attribution values (spec 4.4); null when nothing is left. */
export function cleanAttribution(attribution: Attribution | undefined): Attribution | null {
  if (!attribution) return null;
  const kept = Object.entries(attribution).filter(([, v]) => typeof v === 'string' && v.trim() !== '');
  return kept.length > 0 ? Object.fromEntries(kept) : null;
}

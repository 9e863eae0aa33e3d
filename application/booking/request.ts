import type { Attribution } from '../../domain/hold';

/** Drops empty attribution values (spec 4.4); null when nothing is left. */
export function cleanAttribution(attribution: Attribution | undefined): Attribution | null {
  if (!attribution) return null;
  const kept = Object.entries(attribution).filter(([, v]) => typeof v === 'string' && v.trim() !== '');
  return kept.length > 0 ? Object.fromEntries(kept) : null;
}

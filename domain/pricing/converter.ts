import { Money, Rounding, convertFromUsd, money } from '../shared/money';

/**
 * usdConverter (domain/shared/money) with its conversions kept. Quotes convert the same few prices
 * at the same rate request after request, and each conversion is decimal arithmetic: the amounts
 * (numbers, so no caller can change a kept one) are kept per currency, rate and rounding.
 */
export function keptUsdConverter(fx: { quote: string; rate: string }, rounding: Rounding): (usdCents: number) => Money {
  const key = `${fx.quote}|${fx.rate}|${rounding.increment}|${rounding.mode}`;
  let amounts = KEPT.get(key);
  if (!amounts) {
    if (KEPT.size >= RATES_KEPT) KEPT.clear();
    KEPT.set(key, (amounts = new Map()));
  }
  const kept = amounts;
  return (usdCents) => {
    let amount = kept.get(usdCents);
    if (amount === undefined) {
      amount = convertFromUsd(usdCents, fx.quote, fx.rate, rounding);
      if (kept.size >= AMOUNTS_KEPT) kept.clear();
      kept.set(usdCents, amount);
    }
    return money(amount, fx.quote);
  };
}

/** Conversions by currency, rate and rounding; a new rate starts its own, and old ones go when too many are kept. */
const KEPT = new Map<string, Map<number, number>>();
const RATES_KEPT = 100;
const AMOUNTS_KEPT = 10_000;

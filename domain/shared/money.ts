import Decimal from 'decimal.js';

/** An exact amount in the currency's minor units (cents for USD, fils for OMR, yen for JPY). */
export interface Money {
  amount: number;
  currency: string;
}

const MINOR_DIGITS: Record<string, number> = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  CHF: 2,
  AUD: 2,
  CAD: 2,
  NZD: 2,
  SGD: 2,
  AED: 2,
  THB: 2,
  MXN: 2,
  ZAR: 2,
  JPY: 0,
  KRW: 0,
  ISK: 0,
  VND: 0,
  OMR: 3,
  BHD: 3,
  KWD: 3,
  JOD: 3,
  TND: 3,
};

export function isKnownCurrency(code: string): boolean {
  return code in MINOR_DIGITS;
}

export function minorDigits(currency: string): number {
  const digits = MINOR_DIGITS[currency];
  if (digits === undefined) throw new Error(`unknown currency ${currency}`);
  return digits;
}

export function money(amount: number, currency: string): Money {
  return { amount, currency };
}

/**
 * How a storefront rounds converted prices: to a multiple of `increment` minor units
 * (1 = no visible rounding), to the nearest multiple or always up.
 */
export interface Rounding {
  increment: number;
  mode: 'nearest' | 'up';
}

export const NO_ROUNDING: Rounding = { increment: 1, mode: 'nearest' };

/** A storefront's rounding for a currency; a currency it does not name is not rounded beyond its minor unit. */
export function roundingFor(roundings: Record<string, Rounding>, currency: string): Rounding {
  return roundings[currency] ?? NO_ROUNDING;
}

/** US-dollar cents -> money in the rate's currency, each amount converted and rounded once. */
export function usdConverter(fx: { quote: string; rate: string }, rounding: Rounding): (usdCents: number) => Money {
  return (usdCents) => money(convertFromUsd(usdCents, fx.quote, fx.rate, rounding), fx.quote);
}

/**
 * Converts US-dollar cents to another currency at `rate` (units of `currency` per US dollar)
 * and rounds once, by the storefront's rounding for that currency.
 */
export function convertFromUsd(usdCents: number, currency: string, rate: string, rounding: Rounding = NO_ROUNDING): number {
  if (currency === 'USD' && rounding.increment === 1) return usdCents;
  const exact = new Decimal(usdCents)
    .div(100)
    .mul(rate)
    .mul(new Decimal(10).pow(minorDigits(currency)))
    .div(rounding.increment);
  return roundSteps(exact, rounding).mul(rounding.increment).toNumber();
}

/**
 * Converts an amount between two currencies through US dollars: at `fromRate` (the rate it
 * was priced at) back to dollars, then at `toRate` into the other currency; rounded once.
 */
export function convertThroughUsd(amount: number, from: string, fromRate: string, to: string, toRate: string, rounding: Rounding = NO_ROUNDING): number {
  const exact = new Decimal(amount)
    .div(new Decimal(10).pow(minorDigits(from)))
    .div(fromRate)
    .mul(toRate)
    .mul(new Decimal(10).pow(minorDigits(to)))
    .div(rounding.increment);
  return roundSteps(exact, rounding).mul(rounding.increment).toNumber();
}

function roundSteps(exact: Decimal, rounding: Rounding): Decimal {
  return rounding.mode === 'up' ? exact.toDecimalPlaces(0, Decimal.ROUND_CEIL) : exact.toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
}

/** Money as a traveller reads it in a mail: 26.00 USD, 3940 JPY, 12.500 OMR. */
export function formatMoney(m: Money): string {
  const digits = minorDigits(m.currency);
  return `${new Decimal(m.amount).div(new Decimal(10).pow(digits)).toFixed(digits)} ${m.currency}`;
}

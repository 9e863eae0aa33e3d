import type { PaymentMethodDefinition, PaymentMethodKind } from '../catalog/definitions';
import type { FxRate } from '../pricing/quote';
import Decimal from 'decimal.js';
import { Money, NO_ROUNDING, Rounding, convertThroughUsd, money, roundingFor } from '../shared/money';
import { Refusal, refuse } from '../shared/refusal';
import { methodsOpen, payBefore, paymentIsDue } from './methods';

/**
 * Whether a way to pay takes a booking in `currency`: one that lists no currencies takes any; pay on
 * arrival takes any too, since what to bring is converted into a currency it takes (spec 2.8). Money
 * still to come by transfer or link is asked for in the booking's currency, so the method must take it.
 */
export function takesCurrency(method: PaymentMethodDefinition, currency: string): boolean {
  return method.kind === 'pay_on_arrival' || method.currencies.length === 0 || method.currencies.includes(currency);
}

/**
 * The way to pay a checkout names, checked against the seller's ways to pay (spec 4.4): where
 * any are set up one must be named (PaymentMethodRequired, with those open for the start that take
 * the booking's currency), and it must be open for the start and take the booking's currency
 * (PaymentMethodNotOffered, with the currencies it takes). None set up and none named: null.
 */
export function chooseMethod(
  methods: readonly PaymentMethodDefinition[],
  chosen: PaymentMethodKind | undefined,
  start: string,
  timezone: string,
  now: Date,
  currency?: string,
): { method: PaymentMethodDefinition | null } | Refusal {
  const open = methodsOpen([...methods], start, timezone, now);
  const fit = (m: PaymentMethodDefinition): boolean => currency === undefined || takesCurrency(m, currency);
  if (!chosen) {
    return methods.length > 0 ? refuse('PaymentMethodRequired', 'choose a payment method', { offered: open.filter(fit).map((m) => m.kind) }) : { method: null };
  }
  const method = open.find((m) => m.kind === chosen);
  if (!method) return refuse('PaymentMethodNotOffered', `${chosen} is not offered for this start`, { method: chosen });
  if (!fit(method)) {
    const taken = method.currencies.join(', ');
    return refuse(
      'PaymentMethodNotOffered',
      `${chosen} takes ${taken} only and this booking is in ${currency}: choose another way to pay, or book in ${taken}`,
      {
        method: chosen,
        currencies: method.currencies,
      },
    );
  }
  return { method };
}

/**
 * When the money of a booking must have come in: by the method's deadline before the start, for
 * money still to come (a payment link, a transfer) on a booking that needs no seller's answer
 * first. Null when it is paid now or on the day, or while the seller has yet to accept.
 */
export function paymentDueAt(method: PaymentMethodDefinition | null, confirmation: 'instant' | 'manual', start: string, timezone: string): string | null {
  if (!method || !paymentIsDue(method) || confirmation !== 'instant') return null;
  return payBefore(method, start, timezone)?.toISOString() ?? null;
}

/**
 * What to bring when paying on arrival (spec 2.8): the booking's amount, or, when the method does
 * not take that currency, the same in the first currency it takes, converted through USD at the
 * booking's rate and today's rate and rounded as the storefront rounds that currency. Null for
 * any other way to pay.
 */
export function amountOnArrival(
  method: PaymentMethodDefinition | null,
  due: Money,
  bookedRate: string,
  rateOf: (currency: string) => FxRate | null,
  roundings: Record<string, Rounding>,
): Money | null {
  if (method?.kind !== 'pay_on_arrival') return null;
  if (method.currencies.length === 0 || method.currencies.includes(due.currency)) return due;
  const target = method.currencies[0];
  const rate = rateOf(target);
  if (!rate) return due;
  return money(convertThroughUsd(due.amount, due.currency, bookedRate, target, rate.rate, roundingFor(roundings, target)), target);
}

/**
 * What is left to bring on arrival once `paid` of `due` came in (spec 2.8): the share of the amount
 * arranged to bring that is still due. In the booking's currency that is what is still due; in
 * another it keeps the conversion made when booking (the booking's rate and the rate of that day),
 * rounded once as the storefront rounds that currency. Null once nothing is left, or nothing was to
 * be brought.
 */
export function leftOnArrival(arranged: Money | null, due: Money, paid: Money, rounding: Rounding = NO_ROUNDING): Money | null {
  const left = due.amount - paid.amount;
  if (!arranged || left <= 0) return null;
  if (arranged.currency === due.currency || due.amount <= 0) return money(left, due.currency);
  const steps = new Decimal(arranged.amount).mul(left).div(due.amount).div(rounding.increment);
  const rounded = rounding.mode === 'up' ? steps.toDecimalPlaces(0, Decimal.ROUND_CEIL) : steps.toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  return money(rounded.mul(rounding.increment).toNumber(), arranged.currency);
}

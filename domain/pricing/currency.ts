import { Refusal, refuse } from '../shared/refusal';
import type { FxRate } from './quote';

/**
 * The currency a selection is priced in: the one asked, else the storefront's display currency.
 * Refused (CurrencyNotEnabled) unless the storefront offers it and it has a rate today.
 */
export function pricingCurrency(
  asked: string | undefined,
  storefront: { currencies: readonly string[]; display_currency: string },
  rateOf: (currency: string) => FxRate | null,
): { currency: string; fx: FxRate } | Refusal {
  const currency = asked ?? storefront.display_currency;
  const fx = storefront.currencies.includes(currency) ? rateOf(currency) : null;
  return fx ? { currency, fx } : refuse('CurrencyNotEnabled', `${currency} is not offered here`, { currency });
}

import Decimal from 'decimal.js';
import { DateTime } from 'luxon';
import type { OfferedRate } from '../../domain/fx';
import type { FetchedRates, RateSource } from '../../application/platform/ports/rate-source';

/** The European Central Bank's euro reference rates, published on working days around 16:00 Frankfurt time. */
export const ECB_DAILY_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';

const TIMEOUT_MS = 10_000;
/** Enough digits for any price: a rate of 151.37 keeps 151.370 and 0.38450 keeps 0.384500. */
const SIGNIFICANT_DIGITS = 6;

const attribute = (element: string, name: string): string | null => new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`).exec(element)?.[1] ?? null;

/**
 * Rates from the ECB's daily XML (units per euro) as units per US dollar: each divided by the
 * dollar's rate, the euro's the dollar's inverse. Throws on anything that is not such a file.
 */
export function ratesFromEcbXml(xml: string): FetchedRates {
  const day = /<Cube\s[^>]*\btime\s*=\s*["'](\d{4}-\d{2}-\d{2})["']/.exec(xml)?.[1];
  if (!day) throw new Error('the feed names no day (<Cube time="...">)');
  const asOf = DateTime.fromISO(`${day}T16:00`, { zone: 'Europe/Berlin' });
  if (!asOf.isValid) throw new Error(`the feed's day ${day} is not a date`);
  const perEuro = new Map<string, Decimal>();
  for (const [element] of xml.matchAll(/<Cube\s[^>]*\bcurrency\s*=[^>]*>/g)) {
    const currency = attribute(element, 'currency');
    const rate = attribute(element, 'rate');
    if (!currency || !rate || !/^[A-Z]{3}$/.test(currency) || !/^\d+(\.\d+)?$/.test(rate) || new Decimal(rate).lte(0)) {
      throw new Error(`the feed has a garbled rate: ${element}`);
    }
    perEuro.set(currency, new Decimal(rate));
  }
  const dollar = perEuro.get('USD');
  if (!dollar) throw new Error('the feed has no US dollar rate to convert through');
  perEuro.set('EUR', new Decimal(1));
  const at = asOf.toUTC().toISO() as string;
  const rates: OfferedRate[] = [...perEuro].map(([quote, rate]) => ({
    quote,
    rate: quote === 'USD' ? '1' : rate.div(dollar).toSignificantDigits(SIGNIFICANT_DIGITS).toString(),
    rate_id: `ecb-${day}-${quote}`,
    as_of: at,
  }));
  return { rates };
}

/** A public daily reference feed over HTTP (FX_SOURCE_URL): the ECB's daily XML. */
export function httpRateSource(url: string): RateSource {
  return {
    name: 'ecb',
    async fetch(signal?: AbortSignal) {
      const timeout = AbortSignal.timeout(TIMEOUT_MS);
      const response = await fetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout, headers: { Accept: 'application/xml, text/xml' } });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return ratesFromEcbXml(await response.text());
    },
  };
}

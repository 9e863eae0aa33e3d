import { lookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPrivateAddress, urlProblem } from './addresses';

export interface SendOutcome {
  status: number | null;
  error: string | null;
}

/**
 * Connects only to the addresses checked: the name is resolved once for the connection and every
 * answer is checked then, so a name that turned private since it was registered (DNS rebinding)
 * is refused rather than reached.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const found = addresses as { address: string; family: number }[];
    if (found.length === 0 || found.some((a) => isPrivateAddress(a.address))) {
      return callback(Object.assign(new Error(`${hostname} resolves to a private or reserved address`), { code: 'EADDRNOTALLOWED' }), '', 4);
    }
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof found) => void)(null, found);
    callback(null, found[0].address, found[0].family);
  });
};

/** POSTs the body; any 2xx within `timeoutMs` is a success. The answer's body is not read beyond draining it. */
export async function sendWebhook(url: string, headers: Record<string, string>, body: string, timeoutMs: number, allowPrivate: boolean): Promise<SendOutcome> {
  const problem = await urlProblem(url, allowPrivate);
  if (problem) return { status: null, error: problem };
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json', 'User-Agent': 'trip-booking-webhooks/1', 'Content-Length': String(Buffer.byteLength(body)) },
        lookup: allowPrivate ? undefined : publicOnlyLookup,
        timeout: timeoutMs,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? null, error: null }));
        response.on('error', () => resolve({ status: response.statusCode ?? null, error: null }));
      },
    );
    // The whole exchange must finish in time, not only each socket read.
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    request.on('close', () => clearTimeout(timer));
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', (error) => resolve({ status: null, error: error.message }));
    request.end(body);
  });
}

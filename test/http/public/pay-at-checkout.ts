import type { TestServer } from '../harness';

/**
 * The payment_method a checkout of `selection` must carry: none when the site lists no ways to pay
 * for the start, else pay on arrival when it is offered (nothing is due now), else the first listed.
 */
export async function paymentMethodFor(server: TestServer, selection: { option_id: string; start: string }): Promise<{ payment_method?: string }> {
  const listed = await server.request('GET', `/v1/public/payment-methods?option_id=${encodeURIComponent(selection.option_id)}&start=${selection.start}`);
  if (listed.status !== 200) throw new Error(`payment-methods answered ${listed.status}: ${listed.text}`);
  const kinds = (listed.body as { kind: string }[]).map((m) => m.kind);
  if (kinds.length === 0) return {};
  return { payment_method: kinds.includes('pay_on_arrival') ? 'pay_on_arrival' : kinds[0] };
}

import { expect } from 'chai';
import { OWNER_KEY, TestServer, simpleTrip, startTestServer } from '../harness';

/** Spec 4.2 date and month: only trips with a start the group can book then, whatever the lists kept before. */
describe('HTTP: the trip list by day (spec 4.2 date, month)', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ websiteKeyLimitPerMinute: 100_000 });
  });
  after(() => server.close());

  const listed = async (query: string, productId: string) =>
    (await server.request('GET', `/v1/public/products?limit=100&${query}`)).body.data.some((c: any) => c.id === productId);

  /** The starts of a day of each option of the trip on sale. */
  async function startsOn(productId: string, date: string): Promise<{ optionId: string; start: string }[]> {
    const trip = await server.request('GET', `/v1/public/products/${productId}`);
    const starts: { optionId: string; start: string }[] = [];
    for (const option of trip.body.options.filter((o: any) => !o.sales_paused)) {
      const calendar = await server.request('GET', `/v1/public/options/${option.id}/calendar?month=${date.slice(0, 7)}`);
      const day = calendar.body.find((d: any) => d.date === date);
      for (const s of day?.starts ?? []) if (s.status === 'open') starts.push({ optionId: option.id, start: s.time === null ? date : `${date}T${s.time}` });
    }
    return starts;
  }

  it('drops a trip on a day whose every start the seller called off, at once, and keeps its other days', async () => {
    const trip = await simpleTrip(server);
    const calendar = await server.request('GET', `/v1/public/options/${trip.optionId}/calendar?month=2026-12`);
    const [day, other] = calendar.body.filter((d: any) => d.date >= '2026-12-10' && d.status === 'open').map((d: any) => d.date);
    // Asked twice: the second answer may be the list kept from the first.
    expect(await listed(`date=${day}`, trip.productId)).to.equal(true);
    expect(await listed(`date=${day}`, trip.productId)).to.equal(true);
    expect(await listed('month=2026-12', trip.productId)).to.equal(true);

    for (const { optionId, start } of await startsOn(trip.productId, day)) {
      const answer = await server.request('POST', `/v1/options/${optionId}/departures/${start}/call-off`, {
        key: null,
        secret: OWNER_KEY,
        body: { reason: 'weather' },
      });
      expect(answer.status, answer.text).to.equal(201);
    }
    expect(await listed(`date=${day}`, trip.productId)).to.equal(false);
    expect(await listed(`date=${other}`, trip.productId)).to.equal(true);
    expect(await listed('month=2026-12', trip.productId)).to.equal(true);
  });

  it('drops a trip on a day once its places are held, though the same list was answered a moment before', async () => {
    const trip = await simpleTrip(server);
    const calendar = await server.request('GET', `/v1/public/options/${trip.optionId}/calendar?month=2026-12`);
    const day = calendar.body.filter((d: any) => d.date >= '2026-12-15' && d.status === 'open').map((d: any) => d.date)[0];
    const query = `date=${day}&travellers=2`;
    expect(await listed(query, trip.productId)).to.equal(true);
    const starts = await startsOn(trip.productId, day);
    for (const { optionId, start } of starts) {
      const remaining = (await server.request('GET', `/v1/public/options/${optionId}/calendar?month=2026-12`)).body
        .find((d: any) => d.date === day)
        .starts.find((s: any) => start.endsWith(s.time ?? day)).remaining;
      if (optionId !== trip.optionId || remaining === null) continue;
      // One place left at every start of the day: a group of two no longer fits.
      const hold = await server.request('POST', '/v1/public/holds', {
        body: { option_id: optionId, start, units: [{ unit_id: trip.unitId, qty: remaining - 1 }] },
      });
      expect(hold.status, hold.text).to.equal(201);
    }
    if (starts.every((s) => s.optionId === trip.optionId)) expect(await listed(query, trip.productId)).to.equal(false);
    expect(await listed(`date=${day}&travellers=1`, trip.productId)).to.equal(true);
  });
});

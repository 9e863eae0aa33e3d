import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import {
  DIRECT_KEY,
  MARKET_KEY,
  OWNER_KEY,
  READONLY_KEY,
  type SimpleTrip,
  type TestServer,
  expectProblem,
  openStart,
  simpleTrip,
  startTestServer,
} from '../harness';
import { ADULT, option, product } from '../../domain/fixtures';
import { type PublishedSchemas, publishedSchemas } from '../openapi-answers';
import { signIn } from './traveller-sign-in';

const MARKET_OPERATOR_KEY = 'tp_sk_demo_market';
const EQ = /^EQ-[A-HJ-NP-Z2-9]{5}$/;

/** A client address of its own per use, so the per-address limit of one test never meets another's. */
let addresses = 0;
const nextAddress = () => `203.0.113.${++addresses}`;

const question = (productId: string, overrides: Record<string, unknown> = {}) => ({
  kind: 'product',
  product_id: productId,
  name: 'Ana Lima',
  email: 'ana@example.com',
  message: 'Could we come as a family of four?',
  phone: '+351 912 345 678',
  date_from: '2026-12-10',
  date_to: '2026-12-12',
  travellers: { adults: 2, children: 1, infants: 1 },
  special_needs: 'a pushchair',
  interests: ['food', 'history'],
  locale: 'en',
  ...overrides,
});
const planner = (overrides: Record<string, unknown> = {}) => ({
  kind: 'planner',
  name: 'Ben Ng',
  email: 'ben@example.com',
  message: 'Plan us a week in Portugal',
  ...overrides,
});

describe('HTTP: enquiries and price offers (spec 2.10, 4.6, 4.7)', () => {
  let server: TestServer;
  let published: PublishedSchemas;
  let trip: SimpleTrip;
  let start: string;

  const send = (body: unknown, options: { key?: string; address?: string } = {}) =>
    server.request('POST', '/v1/public/enquiries', { key: options.key ?? DIRECT_KEY, body, headers: { 'X-Forwarded-For': options.address ?? nextAddress() } });
  const asSeller = (secret: string, body?: unknown) => ({ key: null, secret, ...(body === undefined ? {} : { body }) });
  const problems = (answer: { body: { problems: { field: string; reason: string }[] } }) => answer.body.problems.map((p) => `${p.field}:${p.reason}`);
  const received = async (body: unknown, key = DIRECT_KEY): Promise<{ id: string; reference: string }> =>
    published.expectAnswer('createEnquiry', await send(body, { key }));
  const offerBody = (overrides: Record<string, unknown> = {}) => ({
    option_id: trip.optionId,
    start,
    units: [{ unit_id: trip.unitId, qty: 3 }],
    valid_until: '2026-11-29T18:00:00.000Z',
    ...overrides,
  });
  const makeOffer = async (enquiryId: string, overrides: Record<string, unknown> = {}) =>
    published.expectAnswer('sellerMakeOffer', await server.request('POST', `/v1/enquiries/${enquiryId}/offers`, asSeller(OWNER_KEY, offerBody(overrides))));
  /** The link token of the newest offer mail to `email`, from the link to the offer page. */
  const linkFromMail = async (email: string): Promise<{ link: string; offerId: string; token: string }> => {
    await server.engine.reactors.catchUp();
    const mail = server.mails.filter((m) => m.to === email).pop();
    const found = mail && /(https:\/\/\S+\/offers\/([0-9a-f-]+)\?token=(\S+))/.exec(mail.text);
    if (!found) throw new Error(`no offer link mailed to ${email}`);
    return { link: found[1], offerId: found[2], token: found[3] };
  };
  const lead = { name: 'Ana Lima', email: 'ana@example.com', phone: '+351 912 345 678' };

  before(async () => {
    server = await startTestServer();
    published = await publishedSchemas(server);
    trip = await simpleTrip(server);
    start = await openStart(server, trip.optionId);
  });
  after(() => server.close());

  describe('POST /v1/public/enquiries', () => {
    it('receives each kind with 202 {received, id, reference EQ-XXXXX}; each POST is a new enquiry', async () => {
      const first = await received(question(trip.productId));
      const again = await received(question(trip.productId));
      const plan = await received(planner());
      const contact = await received({ kind: 'contact', name: 'Cy', email: 'cy@example.com', message: 'Do you take groups?' });
      for (const answer of [first, again, plan, contact]) {
        expect(answer).to.have.keys('received', 'id', 'reference');
        expect(answer.reference).to.match(EQ);
      }
      expect(new Set([first.id, again.id, plan.id, contact.id]).size).to.equal(4);
      expect(new Set([first.reference, again.reference, plan.reference, contact.reference]).size).to.equal(4);
    });

    it('needs kind, name, email and message, and product_id for kind product only', async () => {
      const empty = published.expectProblem(await send({}), 422, 'InvalidInput');
      expect(problems({ body: empty })).to.have.members(['kind:required', 'name:required', 'email:required', 'message:required']);
      const noTrip = published.expectProblem(await send(question(trip.productId, { product_id: undefined })), 422, 'InvalidInput');
      expect(problems({ body: noTrip })).to.deep.equal(['product_id:required']);
      const tripOnContact = published.expectProblem(await send(planner({ kind: 'contact', product_id: trip.productId })), 422, 'InvalidInput');
      expect(problems({ body: tripOnContact })).to.deep.equal(['product_id:invalid_value']);
      const blank = published.expectProblem(await send(planner({ name: '   ', message: '' })), 422, 'InvalidInput');
      expect(problems({ body: blank })).to.have.members(['name:invalid_value', 'message:invalid_value']);
    });

    it('checks every other field: kind, email, phone with its country code, dates, travellers, interests, locale, unknown fields', async () => {
      const cases: [Record<string, unknown>, string[]][] = [
        [{ kind: 'booking' }, ['kind:invalid_value']],
        [{ email: 'ana.example.com' }, ['email:invalid_value']],
        [{ phone: '912 345 678' }, ['phone:invalid_value']],
        [{ date_from: '10/12/2026' }, ['date_from:invalid_value']],
        [{ date_from: '2026-02-30', date_to: undefined }, ['date_from:invalid_date']],
        [{ date_from: '2026-11-21', date_to: undefined }, ['date_from:date_in_past']],
        [{ date_from: '2026-12-12', date_to: '2026-12-10' }, ['date_to:dates_out_of_order']],
        [{ date_to: '2030-01-01', date_from: undefined }, ['date_to:date_too_far']],
        [{ travellers: { adults: 1.5 } }, ['travellers.adults:invalid_value']],
        [{ travellers: { adults: -1 } }, ['travellers.adults:invalid_value']],
        [{ travellers: { adults: 51 } }, ['travellers.adults:invalid_value']],
        [{ travellers: { adults: '2' } }, ['travellers.adults:invalid_value']],
        [{ travellers: { adults: 0, children: 0, infants: 1 } }, ['travellers:no_travellers']],
        [{ travellers: { adults: 30, children: 20, infants: 1 } }, ['travellers:too_many_travellers']],
        [{ travellers: { adults: 2, pets: 1 } }, ['travellers.pets:unknown_field']],
        [{ interests: 'food' }, ['interests:invalid_value']],
        [{ interests: ['food', 'food'] }, ['interests:invalid_value']],
        [{ special_needs: 'x'.repeat(2001) }, ['special_needs:invalid_value']],
        [{ locale: 'EN' }, ['locale:invalid_value']],
        [{ budget: 100 }, ['budget:unknown_field']],
      ];
      for (const [change, expected] of cases) {
        const answer = published.expectProblem(await send(question(trip.productId, change)), 422, 'InvalidInput');
        expect(problems({ body: answer }), JSON.stringify(change)).to.deep.equal(expected);
      }
    });

    it("takes a date that is today in the trip's zone", async () => {
      // 08:00 UTC on 22 November is 08:00 in Lisbon.
      await received(question(trip.productId, { date_from: '2026-11-22', date_to: undefined }));
    });

    it('answers 404 NotFound (entity product) for a trip the storefront does not sell', async () => {
      const answer = published.expectProblem(await send(question('0f8fad5b-d9cb-469f-a165-70867728950e')), 404, 'NotFound');
      expect(answer.entity).to.equal('product');
    });

    it('keeps nothing when the bot trap is filled in, answering the same 202 with id and reference null', async () => {
      const before = await server.engine.events.headPosition();
      const answer = published.expectAnswer('createEnquiry', await send(question(trip.productId, { website: 'https://spam.example' })));
      expect(answer).to.deep.equal({ received: true, id: null, reference: null });
      expect(await server.engine.events.headPosition()).to.equal(before);
      // An empty trap is what people send.
      expect((await received(question(trip.productId, { website: '' }))).reference).to.match(EQ);
    });
  });

  describe('rate limit per client address', () => {
    it('takes 10 an hour from one address on one storefront, then 429 RateLimited with Retry-After until the hour has passed', async () => {
      const address = nextAddress();
      for (let i = 0; i < 10; i++) expect((await send(planner(), { address })).status).to.equal(202);
      const refused = published.expectProblem(await send(planner(), { address }), 429, 'RateLimited');
      expect(refused.retry_after_seconds).to.equal(3600);
      expect(refused.retry_after_seconds).to.equal(Number((await send(planner(), { address })).headers.get('Retry-After')));
      expect((await send(planner(), { address: nextAddress() })).status).to.equal(202);
      expect((await send(planner(), { address, key: MARKET_KEY })).status).to.equal(202);
      // The bot trap keeps nothing, so it is not counted, and answers as ever.
      expect((await send(planner({ website: 'x' }), { address })).status).to.equal(202);
      server.clock.tick(3600_000);
      expect((await send(planner(), { address })).status).to.equal(202);
    });
  });

  describe('routing and the seller interface', () => {
    let direct: { id: string; reference: string };
    let directPlanner: { id: string; reference: string };

    let receivedAt: string;

    before(async () => {
      receivedAt = new Date().toISOString();
      direct = await received(question(trip.productId, { email: 'route@example.com' }));
      directPlanner = await received(planner({ email: 'route@example.com' }));
    });

    it('needs enquiries:read to list and read (403 NotPermitted), and a key (401)', async () => {
      const list = published.expectProblem(await server.request('GET', '/v1/enquiries', asSeller(READONLY_KEY)), 403, 'NotPermitted');
      expect(list).to.include({ permission: 'enquiries:read', reason: 'missing_permission' });
      const one = published.expectProblem(await server.request('GET', `/v1/enquiries/${direct.id}`, asSeller(READONLY_KEY)), 403, 'NotPermitted');
      expect(one.permission).to.equal('enquiries:read');
      published.expectProblem(await server.request('GET', '/v1/enquiries', { key: null }), 401, 'Unauthenticated');
      const offer = await server.request('POST', `/v1/enquiries/${direct.id}/offers`, asSeller(READONLY_KEY, offerBody()));
      expect(published.expectProblem(offer, 403, 'NotPermitted').permission).to.equal('enquiries:write');
    });

    it('shows the seller everything the traveller sent', async () => {
      const answer = published.expectAnswer('sellerGetEnquiry', await server.request('GET', `/v1/enquiries/${direct.id}`, asSeller(OWNER_KEY)));
      expect(answer).to.deep.include({
        id: direct.id,
        reference: direct.reference,
        kind: 'product',
        status: 'received',
        name: 'Ana Lima',
        email: 'route@example.com',
        phone: '+351 912 345 678',
        message: 'Could we come as a family of four?',
        date_from: '2026-12-10',
        date_to: '2026-12-12',
        travellers: { adults: 2, children: 1, infants: 1 },
        special_needs: 'a pushchair',
        interests: ['food', 'history'],
        locale: 'en',
        received_at: receivedAt,
        offers: [],
      });
      expect(answer.trip.product_id).to.equal(trip.productId);
    });

    it('lists newest first with status and kind filters, a page at a time', async () => {
      const all = published.expectAnswer('sellerListEnquiries', await server.request('GET', '/v1/enquiries?limit=100', asSeller(OWNER_KEY)));
      expect(all.data.map((e: { id: string }) => e.id)).to.include.members([direct.id, directPlanner.id]);
      const times = all.data.map((e: { received_at: string }) => e.received_at);
      expect(times).to.deep.equal([...times].sort().reverse());
      const planners = published.expectAnswer(
        'sellerListEnquiries',
        await server.request('GET', '/v1/enquiries?kind=planner,contact&limit=100', asSeller(OWNER_KEY)),
      );
      expect(planners.data.every((e: { kind: string }) => e.kind !== 'product')).to.equal(true);
      expect(planners.data.map((e: { id: string }) => e.id)).to.include(directPlanner.id);
      const fresh = published.expectAnswer('sellerListEnquiries', await server.request('GET', '/v1/enquiries?status=received&limit=100', asSeller(OWNER_KEY)));
      expect(fresh.total).to.equal(all.total);

      const first = published.expectAnswer('sellerListEnquiries', await server.request('GET', '/v1/enquiries?limit=2', asSeller(OWNER_KEY)));
      expect(first.data).to.have.length(2);
      const second = published.expectAnswer(
        'sellerListEnquiries',
        await server.request('GET', `/v1/enquiries?limit=2&cursor=${first.next_cursor}`, asSeller(OWNER_KEY)),
      );
      expect(second.data.map((e: { id: string }) => e.id)).to.deep.equal(all.data.slice(2, 4).map((e: { id: string }) => e.id));
      const foreign = await server.request('GET', `/v1/enquiries?kind=planner&cursor=${first.next_cursor}`, asSeller(OWNER_KEY));
      expect(published.expectProblem(foreign, 422, 'InvalidInput').problems[0].reason).to.equal('cursor_not_this_list');
      const badStatus = await server.request('GET', '/v1/enquiries?status=new', asSeller(OWNER_KEY));
      expect(published.expectProblem(badStatus, 422, 'InvalidInput').problems[0].reason).to.equal('param_values');
    });

    it("on a marketplace sends a trip question to the trip's seller, and the rest to the marketplace's operator", async () => {
      const cards = (await server.request('GET', '/v1/public/products?limit=100', { key: MARKET_KEY })).body.data;
      const atlasTrip = cards.find((c: { seller: { slug: string } }) => c.seller.slug === 'atlas-trails');
      const otherTrip = cards.find((c: { seller: { slug: string } }) => c.seller.slug !== 'atlas-trails');
      const atlasQuestion = await received(question(atlasTrip.id), MARKET_KEY);
      const otherQuestion = await received(question(otherTrip.id), MARKET_KEY);
      const marketPlanner = await received(planner(), MARKET_KEY);

      const get = (secret: string, id: string) => server.request('GET', `/v1/enquiries/${id}`, asSeller(secret));
      expect((await get(OWNER_KEY, atlasQuestion.id)).status).to.equal(200);
      published.expectProblem(await get(OWNER_KEY, otherQuestion.id), 404, 'NotFound');
      published.expectProblem(await get(OWNER_KEY, marketPlanner.id), 404, 'NotFound');
      published.expectProblem(await get(MARKET_OPERATOR_KEY, atlasQuestion.id), 404, 'NotFound');
      expect(published.expectAnswer('sellerGetEnquiry', await get(MARKET_OPERATOR_KEY, marketPlanner.id)).kind).to.equal('planner');
      // On its own site the seller answers the planner enquiries too.
      expect((await get(OWNER_KEY, directPlanner.id)).status).to.equal(200);
      published.expectProblem(await get(MARKET_OPERATOR_KEY, directPlanner.id), 404, 'NotFound');
    });

    it('answers 404 product for an Atlas Trails trip the marketplace does not sell', async () => {
      const market = new Set((await server.request('GET', '/v1/public/products?limit=100', { key: MARKET_KEY })).body.data.map((c: { id: string }) => c.id));
      const directOnly = (await server.request('GET', '/v1/public/products?limit=100')).body.data.find((c: { id: string }) => !market.has(c.id));
      const answer = published.expectProblem(await send(question(directOnly.id), { key: MARKET_KEY }), 404, 'NotFound');
      expect(answer.entity).to.equal('product');
    });
  });

  describe('offers', () => {
    it('prices the group as a quote does, keeps that quote, and emails the traveller a link to the offer page', async () => {
      const enquiry = await received(question(trip.productId, { email: 'offer@example.com' }));
      const offer = await makeOffer(enquiry.id, { note: 'A guide who speaks Spanish is free that day' });
      const quote = await server.request('POST', '/v1/public/quotes', {
        body: { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty: 3 }] },
      });
      const { confirmation: _c, pending_expires_at: _p, ...priced } = quote.body;
      expect(offer.quote).to.deep.include(priced);
      expect(offer).to.deep.include({ state: 'open', option_id: trip.optionId, start, valid_until: '2026-11-29T18:00:00.000Z', booking_ref: null });
      expect(offer.group).to.deep.equal({ pax: 3, units: [{ unit_id: trip.unitId, qty: 3 }], extras: [], rooms: [], pickup: null });

      const { link, offerId, token } = await linkFromMail('offer@example.com');
      expect(offerId).to.equal(offer.id);
      expect(link.startsWith(`https://www.atlastrails.example/offers/${offer.id}?token=`)).to.equal(true);
      expect(token.length).to.be.at.least(22);
      const mails = server.mails.filter((m) => m.to === 'offer@example.com');
      expect(mails).to.have.length(1);
      expect(mails[0].text).to.include('A guide who speaks Spanish is free that day');
      expect(mails[0].subject).to.include(enquiry.reference);

      const view = published.expectAnswer('getOffer', await server.request('GET', `/v1/public/offers/${offerId}?token=${token}`));
      expect(view).to.deep.include({ id: offer.id, reference: enquiry.reference, state: 'open', start, valid_until: offer.valid_until, quote: offer.quote });
      expect(view.trip).to.include({ product_id: trip.productId, option_id: trip.optionId });

      const seller = published.expectAnswer('sellerGetEnquiry', await server.request('GET', `/v1/enquiries/${enquiry.id}`, asSeller(OWNER_KEY)));
      expect(seller.status).to.equal('offered');
      expect(seller.offers.map((o: { id: string }) => o.id)).to.deep.equal([offer.id]);
    });

    it('prices an ask_for_price trip at the unit prices the seller names in the offer, and books it at that price', async () => {
      const unit = { ...ADULT, id: randomUUID() };
      const definition = product({
        slug: 'asking-charter',
        network: true,
        photos: [{ url: 'https://images.example/asking-charter.jpg', alt: 'A charter' }],
        options: [option({ id: randomUUID(), is_default: true, units: [unit], ask_for_price: true, pricing: { tiers: [] } })],
      });
      const created = await server.request('POST', '/v1/products', asSeller(OWNER_KEY, definition));
      expect(created.status, created.text).to.equal(201);
      const publishing = await server.request('POST', `/v1/products/${created.body.id}/publish`, asSeller(OWNER_KEY));
      expect(publishing.status, publishing.text).to.equal(200);
      const optionId = definition.options[0].id;
      const enquiry = await received(question(created.body.id, { email: 'asking@example.com' }));
      const body = {
        option_id: optionId,
        start: await openStart(server, optionId),
        units: [{ unit_id: unit.id, qty: 2 }],
        valid_until: '2026-11-29T18:00:00.000Z',
      };

      const unpriced = await server.request('POST', `/v1/enquiries/${enquiry.id}/offers`, asSeller(OWNER_KEY, body));
      expect(published.expectProblem(unpriced, 422, 'PriceNotAvailable').reason).to.equal('ask_for_price');
      const partly = await server.request('POST', `/v1/enquiries/${enquiry.id}/offers`, asSeller(OWNER_KEY, { ...body, unit_prices: { [randomUUID()]: 100 } }));
      expect(problems({ body: published.expectProblem(partly, 422, 'InvalidInput') })).to.deep.equal([`unit_prices.${unit.id}:required`]);
      const offer = published.expectAnswer(
        'sellerMakeOffer',
        await server.request('POST', `/v1/enquiries/${enquiry.id}/offers`, asSeller(OWNER_KEY, { ...body, unit_prices: { [unit.id]: 15000 } })),
      );
      expect(offer.quote.lines[0]).to.deep.include({ qty: 2, unit_price: { amount: 15000, currency: 'USD' }, total: { amount: 30000, currency: 'USD' } });

      const { token } = await linkFromMail('asking@example.com');
      const booked = published.expectAnswer(
        'checkout',
        await server.request('POST', '/v1/public/checkout', { body: { offer_id: offer.id, offer_token: token, lead, payment_method: 'pay_on_arrival' } }),
      );
      expect(booked.quote).to.deep.equal(offer.quote);
    });

    it("mails the offer in the enquiry's language when the storefront has it, else in the storefront's default", async () => {
      const mailTo = async (email: string, locale: string | undefined) => {
        const enquiry = await received(question(trip.productId, { email, locale }));
        await makeOffer(enquiry.id);
        await server.engine.reactors.catchUp();
        return server.mails.filter((m) => m.to === email).pop();
      };
      const spanish = await mailTo('es@example.com', 'es');
      expect(spanish?.locale).to.equal('es');
      expect(spanish?.subject).to.match(/^Su precio/);
      for (const [email, locale] of [
        ['none@example.com', undefined],
        ['fr@example.com', 'fr'],
        ['de@example.com', 'de'],
      ] as const) {
        const mail = await mailTo(email, locale);
        expect(mail?.locale, `${locale}`).to.equal('en');
        expect(mail?.subject).to.match(/^Your price/);
      }
    });

    it('answers a wrong token exactly like a missing offer, and on another storefront too', async () => {
      const enquiry = await received(question(trip.productId, { email: 'token@example.com' }));
      const offer = await makeOffer(enquiry.id);
      const { token } = await linkFromMail('token@example.com');
      const wrong = await server.request('GET', `/v1/public/offers/${offer.id}?token=ot_wrong`);
      const missing = await server.request('GET', `/v1/public/offers/0f8fad5b-d9cb-469f-a165-70867728950e?token=${token}`);
      expect(published.expectProblem(wrong, 404, 'NotFound').entity).to.equal('offer');
      expect(wrong.body).to.deep.equal(missing.body);
      expect((await server.request('GET', `/v1/public/offers/${offer.id}?token=${token}`, { key: MARKET_KEY })).body).to.deep.equal(missing.body);
    });

    it('books an offer through checkout at the offered price, confirmed, with its places taken at the departure, once', async () => {
      const enquiry = await received(question(trip.productId, { email: 'book@example.com' }));
      const offer = await makeOffer(enquiry.id);
      const { token } = await linkFromMail('book@example.com');
      const remaining = async () => {
        const calendar = await server.request('GET', `/v1/public/options/${trip.optionId}/calendar?month=${start.slice(0, 7)}`);
        const day = calendar.body.find((d: { date: string }) => d.date === start.slice(0, 10));
        return day.starts.find((s: { time: string }) => `${day.date}T${s.time}` === start).remaining;
      };
      const before = await remaining();

      const booked = published.expectAnswer(
        'checkout',
        await server.request('POST', '/v1/public/checkout', {
          body: { offer_id: offer.id, offer_token: token, lead: { ...lead, email: 'book@example.com' }, payment_method: 'pay_on_arrival' },
        }),
      );
      expect(booked).to.deep.include({ status: 'confirmed', start, pax: 3, quote: offer.quote });
      expect(booked.booking_token).to.be.a('string');
      expect(await remaining()).to.equal(before - 3);

      const view = published.expectAnswer('getOffer', await server.request('GET', `/v1/public/offers/${offer.id}?token=${token}`));
      expect(view.state).to.equal('booked');
      const again = await server.request('POST', '/v1/public/checkout', {
        body: { offer_id: offer.id, offer_token: token, lead, payment_method: 'pay_on_arrival' },
      });
      expect(published.expectProblem(again, 409, 'Conflict')).to.deep.include({ reason: 'offer_booked', details: { offer_id: offer.id, state: 'booked' } });
      expect(await remaining()).to.equal(before - 3);

      const seller = published.expectAnswer('sellerGetEnquiry', await server.request('GET', `/v1/enquiries/${enquiry.id}`, asSeller(OWNER_KEY)));
      expect(seller.status).to.equal('booked');
      expect(seller.offers[0]).to.include({ state: 'booked', booking_ref: booked.ref });
      const bookings = published.expectAnswer('sellerListBookings', await server.request('GET', '/v1/bookings?limit=100', asSeller(OWNER_KEY)));
      expect(bookings.data.map((b: { ref: string }) => b.ref)).to.include(booked.ref);
    });

    it('sells the price offered while the offer is open, though the seller changed the price since', async () => {
      const enquiry = await received(question(trip.productId, { email: 'kept@example.com' }));
      const offer = await makeOffer(enquiry.id, { units: [{ unit_id: trip.unitId, qty: 1 }] });
      const { token } = await linkFromMail('kept@example.com');
      const product = published.expectAnswer('sellerGetProduct', await server.request('GET', `/v1/products/${trip.productId}`, asSeller(OWNER_KEY)));
      const { id: _id, published: _published, created_at: _created, updated_at: _updated, ...definition } = product;
      for (const option of definition.options) {
        for (const tier of option.pricing.tiers) {
          for (const unit of Object.keys(tier.unit_prices)) tier.unit_prices[unit] += 1000;
        }
      }
      published.expectAnswer('sellerUpdateProduct', await server.request('PUT', `/v1/products/${trip.productId}`, asSeller(OWNER_KEY, definition)));
      const now = await server.request('POST', '/v1/public/quotes', { body: { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty: 1 }] } });
      expect(now.body.totals.grand_total.amount).to.be.above(offer.quote.totals.grand_total.amount);

      const booked = published.expectAnswer(
        'checkout',
        await server.request('POST', '/v1/public/checkout', { body: { offer_id: offer.id, offer_token: token, lead, payment_method: 'pay_on_arrival' } }),
      );
      expect(booked.quote).to.deep.equal(offer.quote);
    });

    it('answers a repeated checkout under the same Idempotency-Key with the same booking', async () => {
      const enquiry = await received(question(trip.productId, { email: 'repeat@example.com' }));
      const offer = await makeOffer(enquiry.id);
      const { token } = await linkFromMail('repeat@example.com');
      const body = { offer_id: offer.id, offer_token: token, lead, payment_method: 'pay_on_arrival' };
      const headers = { 'Idempotency-Key': `offer-${offer.id}` };
      const first = published.expectAnswer('checkout', await server.request('POST', '/v1/public/checkout', { body, headers }));
      const repeat = published.expectAnswer('checkout', await server.request('POST', '/v1/public/checkout', { body, headers }));
      expect(repeat.ref).to.equal(first.ref);
      expect(repeat.booking_token).to.equal(first.booking_token);
    });

    it('refuses a wrong token at checkout as a missing offer', async () => {
      const enquiry = await received(question(trip.productId, { email: 'forged@example.com' }));
      const offer = await makeOffer(enquiry.id);
      const answer = await server.request('POST', '/v1/public/checkout', {
        body: { offer_id: offer.id, offer_token: 'ot_forged', lead, payment_method: 'pay_on_arrival' },
      });
      expect(published.expectProblem(answer, 404, 'NotFound').entity).to.equal('offer');
    });

    it('refuses an offer checkout missing its token, or mixed with a hold or a selection, with 422 naming the field, and books nothing', async () => {
      const enquiry = await received(question(trip.productId, { email: 'mixed@example.com' }));
      const offer = await makeOffer(enquiry.id);
      const { token } = await linkFromMail('mixed@example.com');
      const refused = async (body: Record<string, unknown>) =>
        problems({ body: published.expectProblem(await server.request('POST', '/v1/public/checkout', { body: { lead, ...body } }), 422, 'InvalidInput') });

      expect(await refused({ offer_id: offer.id })).to.deep.equal(['offer_token:required']);
      expect(await refused({ offer_token: token })).to.deep.equal(['offer_id:required']);
      expect(await refused({ offer_id: offer.id, offer_token: token, ref: 'TP-AAAA-AAAA' })).to.deep.equal(['ref:invalid_value']);
      expect(await refused({ offer_id: offer.id, offer_token: token, units: [{ unit_id: trip.unitId, qty: 9 }], currency: 'EUR' })).to.deep.equal([
        'units:invalid_value',
        'currency:invalid_value',
      ]);
      const view = published.expectAnswer('getOffer', await server.request('GET', `/v1/public/offers/${offer.id}?token=${token}`));
      expect(view.state).to.equal('open');
    });

    it('shows an offer expired after valid_until, and refuses to book it (409 offer_expired)', async () => {
      const enquiry = await received(question(trip.productId, { email: 'late@example.com' }));
      const offer = await makeOffer(enquiry.id, { valid_until: new Date(Date.now() + 3600_000).toISOString() });
      const { token } = await linkFromMail('late@example.com');
      server.clock.tick(3600_000);
      expect(published.expectAnswer('getOffer', await server.request('GET', `/v1/public/offers/${offer.id}?token=${token}`)).state).to.equal('expired');
      const answer = await server.request('POST', '/v1/public/checkout', {
        body: { offer_id: offer.id, offer_token: token, lead, payment_method: 'pay_on_arrival' },
      });
      expect(published.expectProblem(answer, 409, 'Conflict')).to.deep.include({ reason: 'offer_expired', details: { offer_id: offer.id, state: 'expired' } });
    });

    it('lets the seller withdraw an open offer, which can then not be booked (409 offer_withdrawn)', async () => {
      const enquiry = await received(question(trip.productId, { email: 'withdrawn@example.com' }));
      const offer = await makeOffer(enquiry.id);
      const { token } = await linkFromMail('withdrawn@example.com');
      const path = `/v1/enquiries/${enquiry.id}/offers/${offer.id}/withdraw`;
      published.expectProblem(await server.request('POST', path, asSeller(READONLY_KEY)), 403, 'NotPermitted');
      expect(published.expectAnswer('sellerWithdrawOffer', await server.request('POST', path, asSeller(OWNER_KEY))).state).to.equal('withdrawn');
      expect(published.expectAnswer('getOffer', await server.request('GET', `/v1/public/offers/${offer.id}?token=${token}`)).state).to.equal('withdrawn');
      const answer = await server.request('POST', '/v1/public/checkout', {
        body: { offer_id: offer.id, offer_token: token, lead, payment_method: 'pay_on_arrival' },
      });
      expect(published.expectProblem(answer, 409, 'Conflict').reason).to.equal('offer_withdrawn');
    });

    it("refuses offers that do not answer a price request for the trip, or that outlive the start's cutoff", async () => {
      const plan = await received(planner());
      const onPlanner = await server.request('POST', `/v1/enquiries/${plan.id}/offers`, asSeller(OWNER_KEY, offerBody()));
      expect(published.expectProblem(onPlanner, 409, 'Conflict').reason).to.equal('not_a_price_request');

      const enquiry = await received(question(trip.productId));
      const trips = (await server.request('GET', '/v1/public/products?limit=100')).body.data;
      const other = (await server.request('GET', `/v1/public/products/${trips.find((c: { id: string }) => c.id !== trip.productId).id}`)).body;
      const otherOption = other.options.find((o: { ask_for_price: boolean }) => !o.ask_for_price);
      const otherStart = await openStart(server, otherOption.id);
      const wrongTrip = await server.request(
        'POST',
        `/v1/enquiries/${enquiry.id}/offers`,
        asSeller(OWNER_KEY, offerBody({ option_id: otherOption.id, start: otherStart, units: [{ unit_id: otherOption.units[0].id, qty: 1 }] })),
      );
      expect(problems({ body: published.expectProblem(wrongTrip, 422, 'InvalidInput') })).to.deep.equal(['option_id:not_of_the_trip']);

      const late = await server.request(
        'POST',
        `/v1/enquiries/${enquiry.id}/offers`,
        asSeller(OWNER_KEY, offerBody({ valid_until: `${start.slice(0, 10)}T23:00:00.000Z` })),
      );
      expect(problems({ body: published.expectProblem(late, 422, 'InvalidInput') })).to.deep.equal(['valid_until:after_cutoff']);
      const past = await server.request(
        'POST',
        `/v1/enquiries/${enquiry.id}/offers`,
        asSeller(OWNER_KEY, offerBody({ valid_until: '2026-11-01T00:00:00.000Z' })),
      );
      expect(problems({ body: published.expectProblem(past, 422, 'InvalidInput') })).to.deep.equal(['valid_until:invalid_value']);
      const tooMany = await server.request(
        'POST',
        `/v1/enquiries/${enquiry.id}/offers`,
        asSeller(OWNER_KEY, offerBody({ units: [{ unit_id: trip.unitId, qty: 50 }] })),
      );
      expect(tooMany.status).to.equal(422);
      const missing = await server.request('POST', '/v1/enquiries/0f8fad5b-d9cb-469f-a165-70867728950e/offers', asSeller(OWNER_KEY, offerBody()));
      expect(published.expectProblem(missing, 404, 'NotFound').entity).to.equal('enquiry');
    });
  });

  describe('GET /v1/public/me/price-requests', () => {
    it('needs the traveller session (401 Unauthenticated)', async () => {
      published.expectProblem(await server.request('GET', '/v1/public/me/price-requests'), 401, 'Unauthenticated');
    });

    it("lists the signed-in traveller's trip questions naming travellers, newest first, with the newest offer's link token; never message or phone", async () => {
      const email = 'Prices@Example.com';
      const older = await received(question(trip.productId, { email }));
      server.clock.tick(60_000);
      const newer = await received(question(trip.productId, { email: 'prices@example.com', date_from: undefined, date_to: undefined }));
      await received(question(trip.productId, { email, travellers: undefined }));
      await received(planner({ email }));
      await received(question(trip.productId, { email: 'someone@example.com' }));
      const cards = (await server.request('GET', '/v1/public/products?limit=100', { key: MARKET_KEY })).body.data;
      await received(question(cards[0].id, { email }), MARKET_KEY);
      const offer = await makeOffer(older.id);
      const { token } = await linkFromMail(email);

      const cookie = await signIn(server, 'prices@example.com');
      const answer = published.expectAnswer('listPriceRequests', await server.request('GET', '/v1/public/me/price-requests', { headers: { Cookie: cookie } }));
      expect(answer.data.map((r: { reference: string }) => r.reference)).to.deep.equal([newer.reference, older.reference]);
      const [newest, offered] = answer.data;
      expect(newest).to.deep.include({ status: 'received', dates: { from: null, to: null }, group: { adults: 2, children: 1, infants: 1 }, offer: null });
      expect(offered).to.deep.include({
        reference: older.reference,
        status: 'offered',
        seller: { slug: 'atlas-trails', name: 'Atlas Trails' },
        dates: { from: '2026-12-10', to: '2026-12-12' },
        offer: { id: offer.id, state: 'open', token, valid_until: offer.valid_until },
      });
      expect(offered.trip.product_id).to.equal(trip.productId);
      for (const item of answer.data) expect(item).not.to.have.any.keys('message', 'phone', 'email', 'name');
      expect((await server.request('GET', `/v1/public/offers/${offer.id}?token=${offered.offer.token}`)).status).to.equal(200);
    });
  });
});

describe('HTTP: the enquiry limit per client address outlives a restart', () => {
  it('counts the enquiries sent before the restart, from the log', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trips-enquiry-limit-'));
    const send = (server: TestServer) => server.request('POST', '/v1/public/enquiries', { body: planner(), headers: { 'X-Forwarded-For': '198.51.100.77' } });
    try {
      const first = await startTestServer({ dataDir });
      try {
        for (let i = 0; i < 10; i++) expect((await send(first)).status).to.equal(202);
      } finally {
        await first.close();
      }
      const second = await startTestServer({ dataDir }, new Date('2026-11-22T08:30:00.000Z'));
      try {
        const refused = expectProblem(await send(second), 429, 'RateLimited');
        expect(refused.retry_after_seconds).to.equal(1800);
        expect((await send(second)).headers.get('Retry-After')).to.equal('1800');
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

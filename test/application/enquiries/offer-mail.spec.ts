import { expect } from 'chai';
import { offerLinkToken, offerPageLink } from '../../../application/enquiries/links';
import { offerMailReactor } from '../../../application/enquiries/reactors/offer-mail';
import { documentCheckpoints } from '../../../application/platform/processing/checkpoints';
import { ReactorRunner } from '../../../application/platform/processing/reactor-runner';
import { secretHash, secretMatches } from '../../../application/platform/secrets';
import { type EnquiryEvent, enquiryStream } from '../../../domain/enquiry';
import { MemoryDocumentStore } from '../../../infra/documents/memory-document-store';
import { SqliteEventStore } from '../../../infra/event-store/sqlite-event-store';
import { soldQuote } from '../../domain/fixtures';
import { recordingMailer, testPlatform } from '../test-platform';

const AT = '2026-05-01T10:00:00.000Z';
const OFFER_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const SECRET = { offerLinkSecret: 'a server secret' };

describe('offer links', () => {
  it('mints a token of 256 bits from the offer id and the server secret, the same every time, and only its digest opens the offer', () => {
    const token = offerLinkToken(SECRET, OFFER_ID);
    expect(token).to.match(/^ot_[A-Za-z0-9_-]{43}$/);
    expect(offerLinkToken(SECRET, OFFER_ID)).to.equal(token);
    expect(offerLinkToken(SECRET, '11111111-1111-4111-8111-111111111111')).not.to.equal(token);
    expect(offerLinkToken({ ...SECRET, offerLinkSecret: 'another secret' }, OFFER_ID)).not.to.equal(token);
    expect(secretMatches(token, secretHash(token))).to.equal(true);
  });

  it("leads to the storefront's offer page: /offers/{offer_id} on its first allowed origin, or its offer_url", () => {
    const origins = ['https://www.atlastrails.example', 'http://localhost:3000'];
    expect(offerPageLink({ allowed_origins: origins }, OFFER_ID, 'ot_x')).to.equal(`https://www.atlastrails.example/offers/${OFFER_ID}?token=ot_x`);
    expect(offerPageLink({ allowed_origins: origins, offer_url: '/quote?lang=en' }, OFFER_ID, 'ot_x')).to.equal(
      `https://www.atlastrails.example/quote?lang=en&offer_id=${OFFER_ID}&token=ot_x`,
    );
    expect(offerPageLink({ allowed_origins: origins, offer_url: 'https://book.example/o/{offer_id}' }, OFFER_ID, 'ot_x')).to.equal(
      `https://book.example/o/${OFFER_ID}?token=ot_x`,
    );
  });
});

describe('offer mail reactor', () => {
  let events: SqliteEventStore;
  let docs: MemoryDocumentStore;

  beforeEach(async () => {
    events = new SqliteEventStore(':memory:');
    docs = new MemoryDocumentStore();
    await docs
      .collection('storefronts')
      .insertOne({ _id: 'sf-1', allowed_origins: ['https://www.atlastrails.example'], languages: ['en', 'es'], default_language: 'en' });
  });
  afterEach(() => events.close());

  async function react(secret: { offerLinkSecret: string }, mailer = recordingMailer()) {
    const checkpoints = documentCheckpoints(docs, 'reactor_checkpoints');
    await checkpoints.save(offerMailReactor.name, -1);
    const errors: string[] = [];
    const platform = testPlatform(events, docs, { mailer, log: { info: () => undefined, error: (message) => errors.push(message) } });
    platform.settings = { ...platform.settings, ...secret };
    const runner = new ReactorRunner(events, checkpoints, [offerMailReactor], platform);
    await runner.start();
    expect(await runner.catchUp()).to.equal(true);
    await runner.stop();
    return { mailer, errors };
  }

  async function offerMade(): Promise<string> {
    const stream = enquiryStream('EQ-ABCDE');
    const enquiry: EnquiryEvent[] = [
      {
        type: 'EnquiryReceived',
        data: {
          enquiryId: 'enq-1',
          reference: 'EQ-ABCDE',
          storefrontId: 'sf-1',
          sellerId: 'seller-1',
          kind: 'product',
          productId: 'prod-1',
          tripTitle: 'Lisbon walk',
          name: 'Ana',
          email: 'ana@example.com',
          phone: null,
          message: 'Six of us?',
          dateFrom: null,
          dateTo: null,
          travellers: { adults: 2, children: 0, infants: 0 },
          specialNeeds: null,
          interests: [],
          locale: 'es',
          receivedAt: AT,
        },
      },
      {
        type: 'OfferMade',
        data: {
          enquiryId: 'enq-1',
          offerId: OFFER_ID,
          productId: 'prod-1',
          optionId: 'opt-1',
          option: 'Shared',
          start: '2026-06-10T09:00',
          timezone: 'Europe/Lisbon',
          selection: { units: [{ unit_id: 'adult', qty: 2 }], extras: [], rooms: [], pickup: null },
          places: 2,
          quote: soldQuote(12050, 'EUR'),
          validUntil: '2026-05-03T10:00:00.000Z',
          tokenHash: secretHash(offerLinkToken(SECRET, OFFER_ID)),
          note: null,
          madeAt: AT,
        },
      },
    ];
    await events.append(
      stream,
      enquiry.map((e) => ({ type: e.type, data: { ...e.data } })),
      'no_stream',
    );
    return (await events.readStream(stream))[1].id;
  }

  it("given an offer made, then the traveller gets one mail in the enquiry's language with the link, keyed by the offer's event", async () => {
    const eventId = await offerMade();
    const { mailer } = await react(SECRET);
    expect(mailer.sent).to.have.length(1);
    const [{ mail, dedupeKey }] = mailer.sent;
    expect(dedupeKey).to.equal(eventId);
    expect(mail).to.include({ to: 'ana@example.com', locale: 'es', subject: 'Su precio para EQ-ABCDE' });
    expect(mail.text).to.include('120.50 EUR');
    expect(mail.text).to.include(`https://www.atlastrails.example/offers/${OFFER_ID}?token=${offerLinkToken(SECRET, OFFER_ID)}`);
  });

  it('sends no link that would not open the offer, when the server secret changed since, and says so in the log', async () => {
    await offerMade();
    const { mailer, errors } = await react({ ...SECRET, offerLinkSecret: 'rotated' });
    expect(mailer.sent).to.deep.equal([]);
    expect(errors).to.have.length(1);
  });
});

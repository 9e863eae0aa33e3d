import { expect } from 'chai';
import { bookingMailReactor } from '../../../application/booking/reactors/booking-mail';
import { documentCheckpoints } from '../../../application/platform/processing/checkpoints';
import { ReactorRunner } from '../../../application/platform/processing/reactor-runner';
import type { RecordedEvent } from '../../../application/platform/ports/event-store';
import { MemoryDocumentStore } from '../../../infra/documents/memory-document-store';
import { SqliteEventStore } from '../../../infra/event-store/sqlite-event-store';
import { bookingPlaced, product, content } from '../../domain/fixtures';
import { recordingMailer, testPlatform } from '../test-platform';

const REF = 'TP-MAIL-0001';
const AT = '2026-05-01T10:00:00.000Z';

describe('booking mail reactor', () => {
  let events: SqliteEventStore;
  let docs: MemoryDocumentStore;

  beforeEach(async () => {
    events = new SqliteEventStore(':memory:');
    docs = new MemoryDocumentStore();
    await docs.collection('products').insertOne({
      _id: 'prod-1',
      seller_id: 'seller-1',
      published: true,
      network: false,
      slug: 'walk',
      definition: product({ content: { en: content('Old town walk'), de: content('Altstadtrundgang') } }),
      from_usd: null,
      created_position: 0,
      updated_at: AT,
    });
  });
  afterEach(() => events.close());

  /** Runs the reactor over the whole log, as a fresh instance resuming from before its first event would. */
  async function react(mailer = recordingMailer(), checkpointsIn = 'reactor_checkpoints') {
    const checkpoints = documentCheckpoints(docs, checkpointsIn);
    await checkpoints.save(bookingMailReactor.name, -1);
    const runner = new ReactorRunner(events, checkpoints, [bookingMailReactor], testPlatform(events, docs, { mailer }));
    await runner.start();
    expect(await runner.catchUp()).to.equal(true);
    await runner.stop();
    return mailer;
  }

  const outcome = async (status: 'confirmed' | 'pending', locale: string | null = 'en'): Promise<RecordedEvent> => {
    const data = status === 'confirmed' ? { ref: REF, at: AT } : { ref: REF, expiresAt: '2026-05-03T10:00:00.000Z', at: AT };
    await events.append(
      `booking-${REF}`,
      [
        { type: 'BookingPlaced', data: { ...bookingPlaced({ ref: REF, locale }) } },
        { type: status === 'confirmed' ? 'BookingConfirmed' : 'BookingPending', data },
      ],
      'no_stream',
    );
    return (await events.readStream(`booking-${REF}`))[1];
  };

  it('given a booking placed and confirmed, then the lead gets one mail saying so, keyed by the confirmation event', async () => {
    const confirmed = await outcome('confirmed');
    const { sent } = await react();
    expect(sent).to.deep.equal([
      {
        mail: {
          to: 'ana@example.com',
          locale: 'en',
          subject: `Booking ${REF}: confirmed`,
          text: `Old town walk, 2026-06-10T09:00, 2 travellers. Status: confirmed. Your booking reference is ${REF}.`,
          booking: { ref: REF },
        },
        dedupeKey: confirmed.id,
      },
    ]);
  });

  it("given a booking waiting for the seller, then the mail says so, in the booking's language with the trip's title in it", async () => {
    await outcome('pending', 'de');
    const { sent } = await react();
    expect(sent.map((s) => s.mail.subject)).to.deep.equal([`Buchung ${REF}: wartet auf den Anbieter`]);
    expect(sent[0].mail.text).to.include('Altstadtrundgang');
  });

  it('given the reactor runs the same events again (a restart before its checkpoint moved), then the same dedupe key goes out again', async () => {
    const confirmed = await outcome('confirmed');
    const mailer = recordingMailer();
    await react(mailer);
    await react(mailer, 'checkpoints_saved_before_the_crash');
    expect(mailer.sent.map((s) => s.dedupeKey)).to.deep.equal([confirmed.id, confirmed.id]);
  });
});

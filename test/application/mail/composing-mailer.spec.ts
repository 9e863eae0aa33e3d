import { expect } from 'chai';
import { composeMail, composingMailer, manageBookingAddress } from '../../../application/mail';
import { sealTokens } from '../../../application/booking/sealed-tokens';
import { STOREFRONTS } from '../../../projections/catalog/doc';
import { MemoryDocumentStore } from '../../../infra/documents/memory-document-store';
import { SqliteEventStore } from '../../../infra/event-store/sqlite-event-store';
import { bookingPlaced, product, content, storefrontDefinition } from '../../domain/fixtures';
import { recordingMailer, testPlatform } from '../test-platform';

const REF = 'TP-LINK-0001';
const TOKENS = { bookingToken: 'bt_secret+/=1', contactToken: 'ct_secret_1' };
const SITE = { manage_url: null, allowed_origins: ['https://www.atlas.example', 'http://localhost:3000'] };

describe('mail as it is sent: the manage link and the HTML part (issue 8)', () => {
  describe('the manage page address', () => {
    it("is the storefront's manage page on its site (first allowed origin), /manage by default, with ref and token", () => {
      expect(manageBookingAddress(SITE, REF, 'bt_a+b')).to.equal(`https://www.atlas.example/manage?ref=${REF}&token=bt_a%2Bb`);
      expect(manageBookingAddress({ ...SITE, manage_url: '/account/trips' }, REF, 'bt_x')).to.equal(
        `https://www.atlas.example/account/trips?ref=${REF}&token=bt_x`,
      );
      expect(manageBookingAddress({ ...SITE, manage_url: 'https://book.atlas.example/m?lang=en' }, REF, 'bt_x')).to.equal(
        `https://book.atlas.example/m?lang=en&ref=${REF}&token=bt_x`,
      );
      expect(manageBookingAddress(SITE, REF, null)).to.equal(`https://www.atlas.example/manage?ref=${REF}`);
    });
  });

  describe('composing', () => {
    const mail = {
      to: 'ana@example.com',
      subject: 'Booking <b>TP</b> & co',
      text: 'Dear "Ana" <script>x</script>\nline two\n\nSee https://x.example/a?b=1&c=2.',
      locale: 'en',
    };

    it("adds the link to the text in the mail's language, and escapes every value in the HTML", () => {
      const link = `https://www.atlas.example/manage?ref=${REF}&token=bt_1`;
      const composed = composeMail({ ...mail, locale: 'de' }, link);
      expect(composed.text).to.equal(`${mail.text}\n\nBuchung verwalten: ${link}`);
      expect(composed.html).to.include('<p>Dear &quot;Ana&quot; &lt;script&gt;x&lt;/script&gt;<br>line two</p>');
      expect(composed.html).to.include('<a href="https://x.example/a?b=1&amp;c=2">https://x.example/a?b=1&amp;c=2</a>.');
      expect(composed.html).to.include(`<a href="https://www.atlas.example/manage?ref=${REF}&amp;token=bt_1">Buchung verwalten</a>`);
      expect(composed.html).to.include('<title>Booking &lt;b&gt;TP&lt;/b&gt; &amp; co</title>');
      expect(composed.html).to.include('<html lang="de">');
      expect(composed.html).not.to.include('<script>');
    });

    it('speaks en, es, de and ja, and English for a language it does not know', () => {
      const words = (locale: string | null) =>
        composeMail({ ...mail, locale }, 'https://l.example/')
          .text.split('\n')
          .pop();
      expect([words('en'), words('es'), words('de'), words('ja'), words('xx'), words(null)]).to.deep.equal([
        'Manage your booking: https://l.example/',
        'Gestione su reserva: https://l.example/',
        'Buchung verwalten: https://l.example/',
        'ご予約の管理: https://l.example/',
        'Manage your booking: https://l.example/',
        'Manage your booking: https://l.example/',
      ]);
    });

    it('leaves a mail about no booking without a link, with its HTML part all the same', () => {
      const composed = composeMail(mail, null);
      expect(composed.text).to.equal(mail.text);
      expect(composed.html).to.be.a('string').and.not.include('Manage your booking');
    });
  });

  describe('the composing mailer', () => {
    let events: SqliteEventStore;
    let docs: MemoryDocumentStore;

    beforeEach(async () => {
      events = new SqliteEventStore(':memory:');
      docs = new MemoryDocumentStore();
      await docs.collection(STOREFRONTS).insertOne({ _id: 'sf-1', ...storefrontDefinition({ allowed_origins: SITE.allowed_origins, manage_url: '/manage' }) });
      await docs.collection('products').insertOne({
        _id: 'prod-1',
        seller_id: 'seller-1',
        published: true,
        network: false,
        slug: 'walk',
        definition: product({ content: { en: content('Old town walk') } }),
        from_usd: null,
        created_position: 0,
        updated_at: '2026-05-01T10:00:00.000Z',
      });
    });
    afterEach(() => events.close());

    const place = (sealedTokens: string | undefined) =>
      events.append(`booking-${REF}`, [{ type: 'BookingPlaced', data: { ...bookingPlaced({ ref: REF, locale: 'es', sealedTokens }) } }], 'no_stream');

    it('links a mail about a booking to its manage page with the booking token opened from its BookingPlaced event', async () => {
      const platform = testPlatform(events, docs);
      await place(sealTokens(platform.settings.tokenSealingKey, REF, TOKENS, null));
      const delivery = recordingMailer();
      await composingMailer(platform, delivery).send(
        { to: 'ana@example.com', subject: 's', text: 'Hola.', locale: 'es', booking: { ref: REF } },
        { dedupeKey: 'k1' },
      );
      expect(delivery.sent).to.have.length(1);
      expect(delivery.sent[0].dedupeKey).to.equal('k1');
      expect(delivery.sent[0].mail.text).to.equal(`Hola.\n\nGestione su reserva: https://www.atlas.example/manage?ref=${REF}&token=bt_secret%2B%2F%3D1`);
      expect(delivery.sent[0].mail.html).to.include('Gestione su reserva</a>');
    });

    it('links by the ref alone a booking whose tokens it cannot open (placed before they were sealed, or under another key)', async () => {
      await place(sealTokens('another server secret', REF, TOKENS, null));
      const delivery = recordingMailer();
      await composingMailer(testPlatform(events, docs), delivery).send({
        to: 'ana@example.com',
        subject: 's',
        text: 'Hola.',
        locale: 'es',
        booking: { ref: REF },
      });
      expect(delivery.sent[0].mail.text).to.equal(`Hola.\n\nGestione su reserva: https://www.atlas.example/manage?ref=${REF}`);
    });

    it('sends a mail about a booking it cannot find as it was written, with its HTML part', async () => {
      const delivery = recordingMailer();
      await composingMailer(testPlatform(events, docs), delivery).send({
        to: 'ana@example.com',
        subject: 's',
        text: 'Hola.',
        locale: 'es',
        booking: { ref: 'TP-NONE-0000' },
      });
      expect(delivery.sent[0].mail.text).to.equal('Hola.');
      expect(delivery.sent[0].mail.html).to.include('<p>Hola.</p>');
    });
  });
});

import { expect } from 'chai';
import type { TravellerDetailsRule } from '../../domain/catalog/definitions';
import {
  type BookingFacts,
  type TravellerDetailsEvent,
  detailsDueAt,
  detailsSummary,
  formFields,
  maskedDetails,
  travellerDetailsDecider,
  travellerLinkAddress,
} from '../../domain/traveller-details';
import { at } from './fixtures';
import { given } from './given-when-then';

const NOW = at('2026-11-22T08:00:00.000Z');
const REF = 'TP-AAAA-AAAA';
const RULE: TravellerDetailsRule = { scope: 'lead', fields: ['full_name', 'date_of_birth', 'passport_number'], collect: 'after_booking', due_hours_before: 48 };
const booking = (overrides: Partial<BookingFacts> = {}): BookingFacts => ({
  ref: REF,
  pax: 2,
  status: 'confirmed',
  rule: RULE,
  lastDay: '2026-12-12',
  today: '2026-11-22',
  ...overrides,
});
const ana = { full_name: 'Ana Lima', date_of_birth: '1990-04-02', passport_number: 'PA1234567' };
const saved = (position: number, details: Record<string, string>, by: 'lead' | 'traveller_link' = 'lead'): TravellerDetailsEvent => ({
  type: 'TravellerDetailsSaved',
  data: { ref: REF, position, details, by, at: NOW.toISOString() },
});
const save = (position: number, details: Record<string, unknown>, facts = booking()) => ({
  type: 'SaveTravellerDetails' as const,
  booking: facts,
  position,
  details,
  by: 'lead' as const,
  now: NOW,
});
const issue = (position: number, expiresAt = '2026-12-10T06:00:00.000Z', facts = booking()) => ({
  type: 'IssueTravellerLink' as const,
  booking: facts,
  position,
  linkTokenHash: 'digest',
  expiresAt,
  now: NOW,
});

describe('traveller details decider', () => {
  describe('SaveTravellerDetails', () => {
    it('keeps the fields the rule asks for, trimmed, and refuses any other, naming it (InvalidInput unknown_field)', () => {
      given(travellerDetailsDecider)
        .when(save(1, { ...ana, full_name: ' Ana Lima ' }))
        .then([saved(1, ana)]);
      given(travellerDetailsDecider)
        .when(save(1, { ...ana, nickname: 'Aninhas' }))
        .thenRefused('InvalidInput', {
          problems: [
            {
              reason: 'unknown_field',
              field: 'travellers[1].nickname',
              detail:
                "travellers[1].nickname is not asked for: a traveller's details are the form's fields by name, at the top level (full_name, date_of_birth, passport_number)",
            },
          ],
        });
    });

    it('appends nothing when the same details are saved again, and a change when they differ', () => {
      given(travellerDetailsDecider, [saved(1, ana)])
        .when(save(1, ana))
        .thenNothing();
      given(travellerDetailsDecider, [saved(1, ana)])
        .when(save(1, { ...ana, full_name: 'Ana M. Lima' }))
        .then([saved(1, { ...ana, full_name: 'Ana M. Lima' })]);
    });

    it('records who gave them', () => {
      given(travellerDetailsDecider)
        .when({ ...save(2, ana), by: 'traveller_link' })
        .then([saved(2, ana, 'traveller_link')]);
    });

    it('refuses missing fields as checkout does, naming the traveller', () => {
      given(travellerDetailsDecider)
        .when(save(2, { full_name: 'Rui' }))
        .thenRefused('TravellerDetailsRequired', { missing: [{ traveller: 2, fields: ['date_of_birth', 'passport_number'] }] });
      given(travellerDetailsDecider)
        .when(save(2, { full_name: '  ' }))
        .thenRefused('TravellerDetailsRequired', { missing: [{ traveller: 2 }] });
    });

    it('refuses wrong values with problems under travellers[position]', () => {
      const refusal = given(travellerDetailsDecider)
        .when(save(2, { ...ana, date_of_birth: '2026-12-01' }))
        .thenRefused('TravellerDetailsInvalid');
      expect(refusal.fields.problems).to.deep.equal([
        { reason: 'date_not_past', field: 'travellers[2].date_of_birth', detail: 'travellers[2].date_of_birth must be in the past' },
      ]);
      const expiring = given(travellerDetailsDecider)
        .when(save(1, { ...ana, passport_expiry: '2026-12-12' }, booking({ rule: { ...RULE, fields: [...RULE.fields, 'passport_expiry'] } })))
        .thenRefused('TravellerDetailsInvalid');
      expect((expiring.fields.problems as any[])[0]).to.include({ reason: 'expires_before_trip', field: 'travellers[1].passport_expiry' });
    });

    it('knows only travellers 1 to pax', () => {
      for (const position of [0, 3, 1.5]) {
        given(travellerDetailsDecider).when(save(position, ana)).thenRefused('NotFound', { entity: 'traveller' });
      }
    });

    it('changes nothing on a booking that no longer goes ahead', () => {
      for (const status of ['cancelled', 'rejected', 'lapsed'] as const) {
        given(travellerDetailsDecider)
          .when(save(1, ana, booking({ status })))
          .thenRefused('Conflict', { reason: 'booking_not_active', details: { ref: REF, booking_status: status } });
      }
      given(travellerDetailsDecider)
        .when(save(1, ana, booking({ status: 'pending' })))
        .then([saved(1, ana)]);
    });

    it('has nothing to save for a trip that asks for no details', () => {
      given(travellerDetailsDecider)
        .when(save(1, ana, booking({ rule: { ...RULE, fields: [] } })))
        .thenRefused('Conflict', { reason: 'details_not_needed' });
    });
  });

  describe('IssueTravellerLink', () => {
    it('issues a link until the start; a new one replaces the old', () => {
      const first: TravellerDetailsEvent = {
        type: 'TravellerLinkIssued',
        data: { ref: REF, position: 2, linkTokenHash: 'digest', expiresAt: '2026-12-10T06:00:00.000Z', at: NOW.toISOString() },
      };
      given(travellerDetailsDecider).when(issue(2)).then([first]);
      const replaced = given(travellerDetailsDecider, [first, { ...first, data: { ...first.data, linkTokenHash: 'other' } }]);
      expect(replaced.state.links['2'].linkTokenHash).to.equal('other');
    });

    it('refuses once the trip started, beyond pax and on a closed booking', () => {
      given(travellerDetailsDecider).when(issue(2, NOW.toISOString())).thenRefused('Conflict', { reason: 'trip_started' });
      given(travellerDetailsDecider).when(issue(3)).thenRefused('NotFound', { entity: 'traveller' });
      given(travellerDetailsDecider)
        .when(issue(2, undefined, booking({ status: 'cancelled' })))
        .thenRefused('Conflict', { reason: 'booking_not_active' });
    });
  });
});

describe('traveller details form, masking and status', () => {
  it('describes each field: label, kind, required, sensitive', () => {
    expect(formFields({ ...RULE, fields: ['full_name', 'date_of_birth', 'passport_number', 'nationality', 'id_card_number'] })).to.deep.equal([
      { name: 'full_name', label: 'Full name', kind: 'text', required: true, sensitive: false },
      { name: 'date_of_birth', label: 'Date of birth', kind: 'date', required: true, sensitive: false },
      { name: 'passport_number', label: 'Passport number', kind: 'text', required: true, sensitive: true },
      { name: 'nationality', label: 'Nationality', kind: 'country', required: true, sensitive: false },
      { name: 'id_card_number', label: 'Id card number', kind: 'text', required: true, sensitive: true },
    ]);
  });

  it('masks identity numbers to their last three characters', () => {
    expect(maskedDetails({ ...ana, id_card_number: '12' })).to.deep.equal({
      full_name: 'Ana Lima',
      date_of_birth: '1990-04-02',
      passport_number: '•••••567',
      id_card_number: '•••••',
    });
  });

  it('is due due_hours_before the local start, in UTC; by the start when null', () => {
    expect(detailsDueAt(RULE, '2026-12-10T07:00', 'Africa/Casablanca')).to.equal('2026-12-08T06:00:00.000Z');
    expect(detailsDueAt({ ...RULE, due_hours_before: null }, '2026-07-10T09:30', 'Europe/Lisbon')).to.equal('2026-07-10T08:30:00.000Z');
    expect(detailsDueAt(RULE, '2026-12-10', 'Asia/Tokyo')).to.equal('2026-12-07T15:00:00.000Z');
  });

  describe('the booking view status', () => {
    const facts = { rule: RULE, givenAtCheckout: false, start: '2026-12-10T07:00', timezone: 'Africa/Casablanca', pax: 2, given: 1, live: true };
    const due = '2026-12-08T06:00:00.000Z';

    it('not_needed when the trip asks for none (and on older bookings that gave none)', () => {
      const none = { status: 'not_needed', due_at: null, needed: false, complete: true, overdue: false };
      expect(detailsSummary({ ...facts, rule: { ...RULE, fields: [] } }, NOW)).to.deep.equal(none);
      expect(detailsSummary({ ...facts, rule: null }, NOW)).to.deep.equal(none);
    });

    it('complete at once when collected at checkout', () => {
      const complete = { status: 'complete', due_at: null, needed: true, complete: true, overdue: false };
      expect(detailsSummary({ ...facts, rule: { ...RULE, collect: 'checkout' } }, NOW)).to.deep.equal(complete);
      expect(detailsSummary({ ...facts, rule: null, givenAtCheckout: true }, NOW)).to.deep.equal(complete);
    });

    it('needed until every traveller gave theirs, overdue from due_at, complete once all did', () => {
      expect(detailsSummary(facts, NOW)).to.deep.equal({ status: 'needed', due_at: due, needed: true, complete: false, overdue: false });
      expect(detailsSummary(facts, at('2026-12-08T05:59:59.999Z')).status).to.equal('needed');
      expect(detailsSummary(facts, at(due))).to.deep.equal({ status: 'overdue', due_at: due, needed: true, complete: false, overdue: true });
      expect(detailsSummary({ ...facts, given: 2 }, at(due))).to.deep.equal({ status: 'complete', due_at: due, needed: true, complete: true, overdue: false });
    });

    it('needs nothing, and is never overdue, on a booking that no longer goes ahead', () => {
      expect(detailsSummary({ ...facts, live: false }, at(due))).to.deep.equal({
        status: 'not_needed',
        due_at: null,
        needed: false,
        complete: true,
        overdue: false,
      });
    });
  });

  it("builds the traveller's link on the storefront's manage page", () => {
    const site = { allowed_origins: ['https://trips.example'], manage_url: null };
    expect(travellerLinkAddress(site, REF, 'tt_x')).to.equal(`https://trips.example/manage?ref=${REF}&traveller_token=tt_x`);
    expect(travellerLinkAddress({ ...site, manage_url: '/my-trip' }, REF, 'tt_x')).to.equal(`https://trips.example/my-trip?ref=${REF}&traveller_token=tt_x`);
    expect(travellerLinkAddress({ ...site, manage_url: 'https://book.example/manage?lang=en' }, REF, 'tt_x')).to.equal(
      `https://book.example/manage?lang=en&ref=${REF}&traveller_token=tt_x`,
    );
  });
});

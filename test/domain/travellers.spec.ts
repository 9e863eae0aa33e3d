import { expect } from 'chai';
import { ageCheckOf, ageOn, checkTravellerDetails } from '../../domain/booking/travellers';

const FIELDS = ['full_name', 'date_of_birth', 'passport_number', 'passport_expiry'];
const ana = { full_name: 'Ana Lima', date_of_birth: '1990-04-02', passport_number: 'P1234567', passport_expiry: '2030-01-01' };

describe('traveller details at checkout', () => {
  it('asks nothing of an option that collects nothing', () => {
    expect(checkTravellerDetails([], [], 2, '2026-12-10', '2026-11-22')).to.equal(null);
  });

  it('accepts every traveller with every field', () => {
    expect(checkTravellerDetails(FIELDS, [ana, { ...ana, full_name: 'Rui Lima' }], 2, '2026-12-10', '2026-11-22')).to.equal(null);
  });

  it('names missing travellers, and the missing fields of partial ones (TravellerDetailsRequired)', () => {
    const refusal = checkTravellerDetails(FIELDS, [{ full_name: 'Ana Lima' }], 2, '2026-12-10', '2026-11-22');
    expect(refusal?.code).to.equal('TravellerDetailsRequired');
    expect(refusal?.fields.missing).to.deep.equal([{ traveller: 1, fields: ['date_of_birth', 'passport_number', 'passport_expiry'] }, { traveller: 2 }]);
  });

  it("wants a passport that outlasts the trip's last day", () => {
    const refusal = checkTravellerDetails(FIELDS, [{ ...ana, passport_expiry: '2026-12-12' }], 1, '2026-12-13', '2026-11-22');
    expect(refusal?.code).to.equal('TravellerDetailsInvalid');
    expect(checkTravellerDetails(FIELDS, [{ ...ana, passport_expiry: '2026-12-14' }], 1, '2026-12-13', '2026-11-22')).to.equal(null);
  });

  it('refuses wrong values and more travellers than booked (TravellerDetailsInvalid)', () => {
    const refusal = checkTravellerDetails(
      FIELDS,
      [{ ...ana, date_of_birth: 'banana' }, { ...ana, date_of_birth: '2099-01-01', passport_number: 12345, passport_expiry: '2026-12-01' }, ana],
      2,
      '2026-12-10',
      '2026-11-22',
    );
    expect(refusal?.code).to.equal('TravellerDetailsInvalid');
    const reasons = (refusal?.fields.problems as { reason: string; field: string }[]).map((p) => [p.field, p.reason]);
    expect(reasons).to.deep.include.members([
      ['traveller_details', 'count_mismatch'],
      ['traveller_details[0].date_of_birth', 'invalid_date'],
      ['traveller_details[1].date_of_birth', 'date_not_past'],
      ['traveller_details[1].passport_number', 'invalid_value'],
      ['traveller_details[1].passport_expiry', 'expires_before_trip'],
    ]);
  });

  it('refuses a field the option does not ask for, naming it (InvalidInput unknown_field), before anything else', () => {
    const refusal = checkTravellerDetails(FIELDS, [{ ...ana, nationality: 'PT' }, { details: ana }], 2, '2026-12-10', '2026-11-22');
    expect(refusal?.code).to.equal('InvalidInput');
    expect((refusal?.fields.problems as { field: string; reason: string }[]).map((p) => [p.field, p.reason])).to.deep.equal([
      ['traveller_details[0].nationality', 'unknown_field'],
      ['traveller_details[1].details', 'unknown_field'],
    ]);
  });

  it('wants a passport number of 6 to 12 letters and digits', () => {
    for (const bad of ['AB', 'ab 123-4567', 'P12345678901234']) {
      const refusal = checkTravellerDetails(FIELDS, [{ ...ana, passport_number: bad }], 1, '2026-12-10', '2026-11-22');
      expect(refusal?.fields.problems, bad).to.deep.equal([
        {
          reason: 'invalid_passport_number',
          field: 'traveller_details[0].passport_number',
          detail: 'traveller_details[0].passport_number must be 6 to 12 letters and digits, without spaces or dashes',
        },
      ]);
    }
    expect(checkTravellerDetails(FIELDS, [{ ...ana, passport_number: ' x1234567 ' }], 1, '2026-12-10', '2026-11-22')).to.equal(null);
  });

  it("wants each traveller's age on the start's day to fit one of the booked units", () => {
    const adult = { id: 'adult', min_age: 12, max_age: null } as never;
    const child = { id: 'child', min_age: 4, max_age: 11 } as never;
    const adultsOnly = ageCheckOf([adult, child], [{ kind: 'unit', ref: 'adult', qty: 2 }], '2026-12-10T09:00');
    const refusal = checkTravellerDetails(FIELDS, [ana, { ...ana, date_of_birth: '2020-01-01' }], 2, '2026-12-10', '2026-11-22', adultsOnly);
    expect(refusal?.code).to.equal('TravellerDetailsInvalid');
    expect(refusal?.fields.problems).to.deep.equal([
      {
        reason: 'age_outside_units',
        field: 'traveller_details[1].date_of_birth',
        detail: 'traveller_details[1].date_of_birth: this traveller is 6 on the day of the trip, and the places booked are for ages 12 and over',
        details: { age: 6, units: [{ unit_id: 'adult', min_age: 12, max_age: null }] },
      },
    ]);
    const family = ageCheckOf(
      [adult, child],
      [
        { kind: 'unit', ref: 'adult', qty: 1 },
        { kind: 'unit', ref: 'child', qty: 1 },
      ],
      '2026-12-10T09:00',
    );
    expect(checkTravellerDetails(FIELDS, [ana, { ...ana, date_of_birth: '2020-01-01' }], 2, '2026-12-10', '2026-11-22', family)).to.equal(null);
    // 12 on the day of the trip: a birthday that day counts.
    expect(ageOn('2014-12-10', '2026-12-10')).to.equal(12);
    expect(ageOn('2014-12-11', '2026-12-10')).to.equal(11);
  });
});

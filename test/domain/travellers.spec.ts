import { expect } from 'chai';
import { checkTravellerDetails } from '../../domain/booking/travellers';

const FIELDS = ['full_name', 'date_of_birth', 'passport_number', 'passport_expiry'];
const ana = { full_name: 'Ana Lima', date_of_birth: '1990-04-02', passport_number: 'P123', passport_expiry: '2030-01-01' };

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
});

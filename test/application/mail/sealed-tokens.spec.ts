import { expect } from 'chai';
import { openTokens, sealTokens } from '../../../application/booking/sealed-tokens';

const KEY = 'a server secret of at least thirty-two characters';
const TOKENS = { bookingToken: 'bt_plain_booking_token', contactToken: 'ct_plain_contact_token' };

describe('sealed checkout tokens (BookingPlaced.sealedTokens)', () => {
  it('keeps neither token readable, and opens them again with the key they came under', () => {
    const sealed = sealTokens(KEY, 'TP-AAAA-AAAA', TOKENS, 'digest-of-key');
    expect(sealed).to.match(/^v1\./);
    expect(sealed).not.to.include('plain');
    expect(Buffer.from(sealed.slice(3), 'base64url').toString('latin1')).not.to.include('plain');
    expect(openTokens(KEY, { ref: 'TP-AAAA-AAAA', sealedTokens: sealed })).to.deep.equal({ ...TOKENS, keyDigest: 'digest-of-key' });
  });

  it('opens nothing under another server secret, for another booking, tampered with, or for a booking placed before they were sealed', () => {
    const sealed = sealTokens(KEY, 'TP-AAAA-AAAA', TOKENS, null);
    expect(openTokens(`${KEY}!`, { ref: 'TP-AAAA-AAAA', sealedTokens: sealed })).to.equal(null);
    expect(openTokens(KEY, { ref: 'TP-BBBB-BBBB', sealedTokens: sealed })).to.equal(null);
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1] ^= 1;
    expect(openTokens(KEY, { ref: 'TP-AAAA-AAAA', sealedTokens: `v1.${raw.toString('base64url')}` })).to.equal(null);
    expect(openTokens(KEY, { ref: 'TP-AAAA-AAAA', sealedTokens: 'v1.' })).to.equal(null);
    expect(openTokens(KEY, { ref: 'TP-AAAA-AAAA' })).to.equal(null);
  });
});

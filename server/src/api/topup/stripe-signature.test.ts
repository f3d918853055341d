import { describe, expect, it } from 'vitest';
import { stripeSignatureHeader, verifyStripeSignature } from './stripe-signature.ts';

describe('Stripe-Signature', () => {
  const payload = '{"id":"evt_1","type":"checkout.session.completed"}';
  const now = 1_700_000_000;

  it('accepts a signature by the secret within the tolerance', () => {
    expect(
      verifyStripeSignature(payload, stripeSignatureHeader(payload, 'whsec_a', now), 'whsec_a', now + 10),
    ).toBe('valid');
  });

  it('accepts a header with several v1 signatures when one matches', () => {
    const good = stripeSignatureHeader(payload, 'whsec_a', now);
    const header = `t=${now},v1=${'0'.repeat(64)},${good.split(',')[1]}`;
    expect(verifyStripeSignature(payload, header, 'whsec_a', now)).toBe('valid');
  });

  it('refuses another secret, a changed body, an old timestamp and junk', () => {
    const header = stripeSignatureHeader(payload, 'whsec_a', now);
    expect(verifyStripeSignature(payload, header, 'whsec_b', now)).toBe('mismatch');
    expect(verifyStripeSignature(payload.replace('evt_1', 'evt_2'), header, 'whsec_a', now)).toBe('mismatch');
    expect(verifyStripeSignature(payload, header, 'whsec_a', now + 301)).toBe('stale');
    expect(verifyStripeSignature(payload, 'nonsense', 'whsec_a', now)).toBe('malformed');
    expect(verifyStripeSignature(payload, undefined, 'whsec_a', now)).toBe('malformed');
    expect(verifyStripeSignature(payload, header, '', now)).toBe('malformed');
  });
});

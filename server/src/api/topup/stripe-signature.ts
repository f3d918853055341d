import { createHmac, timingSafeEqual } from 'node:crypto';

/** Stripe's default: a signed event older (or newer) than five minutes is refused. */
export const STRIPE_TOLERANCE_SECONDS = 300;

export type StripeSignatureVerdict = 'valid' | 'malformed' | 'mismatch' | 'stale';

/** The `Stripe-Signature` header a webhook secret gives a payload at time `t` (for tests and mocks). */
export function stripeSignatureHeader(payload: string, secret: string, t: number): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`, 'utf8').digest('hex')}`;
}

/**
 * Checks a webhook as Stripe documents it: HMAC-SHA256 of `{t}.{raw body}` with the endpoint's
 * secret must equal one of the header's v1 signatures (constant-time compare), and `t` must be
 * within the tolerance of now, so a captured delivery cannot be replayed later.
 */
export function verifyStripeSignature(
  payload: string,
  header: string | undefined,
  secret: string,
  nowSeconds: number,
  tolerance = STRIPE_TOLERANCE_SECONDS,
): StripeSignatureVerdict {
  if (!header || !secret) return 'malformed';
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const [name, value = ''] = part.split('=', 2).map((text) => text.trim());
    if (name === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (name === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  if (timestamp === undefined || signatures.length === 0) return 'malformed';
  const expected = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest();
  if (!signatures.some((given) => timingSafeEqual(given, expected))) return 'mismatch';
  return Math.abs(nowSeconds - timestamp) > tolerance ? 'stale' : 'valid';
}

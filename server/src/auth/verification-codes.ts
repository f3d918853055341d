import { randomBytes, timingSafeEqual } from 'node:crypto';

const VALID_MS = 10 * 60 * 1000;

/**
 * One-time codes sent by e-mail (registration, binding, password reset), per purpose and address.
 * Kept in this process; a code is consumed when it is checked successfully.
 */
export class VerificationCodes {
  private codes = new Map<string, { code: string; expiresAt: number }>();

  issue(purpose: string, address: string, now = Date.now()): string {
    const code = randomBytes(3).toString('hex');
    this.codes.set(`${purpose}:${address.toLowerCase()}`, { code, expiresAt: now + VALID_MS });
    return code;
  }

  consume(purpose: string, address: string, code: string, now = Date.now()): boolean {
    const key = `${purpose}:${address.toLowerCase()}`;
    const entry = this.codes.get(key);
    if (!entry || entry.expiresAt < now || entry.code.length !== code.length) return false;
    if (!timingSafeEqual(Buffer.from(entry.code), Buffer.from(code))) return false;
    this.codes.delete(key);
    return true;
  }
}

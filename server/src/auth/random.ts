import { randomBytes } from 'node:crypto';

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Uniformly random letters and digits from the system CSPRNG (rejection sampling, no modulo bias). */
export function randomAlphanumeric(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += ALPHANUMERIC[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

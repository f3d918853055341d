/** Wait after each e-mail send and after a reset request (spec §4, §9). */
export const RESEND_WAIT_SECONDS = 30;

/** Whole seconds left until `endsAt` (ms), rounded up so the button shows 30 … 1 and then frees itself. */
export function secondsLeft(endsAt: number | null, now: number): number {
  if (endsAt === null) return 0;
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/** A button label with the remaining wait, e.g. `Send (12)`, or the plain label once free. */
export function withCountdown(label: string, seconds: number): string {
  return seconds > 0 ? `${label} (${seconds})` : label;
}

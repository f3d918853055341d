export type ReserveOutcome = 'reserved' | 'token_quota_exhausted' | 'user_quota_exhausted';

/** Thrown inside a reservation's transaction to undo it: the balance that could not cover it. */
export class Refused extends Error {
  readonly outcome: ReserveOutcome;
  constructor(outcome: ReserveOutcome) {
    super(outcome);
    this.outcome = outcome;
  }
}

/**
 * How a call is cancelled: for good when its client goes away, or one attempt at a time when an
 * upstream says nothing within its first-byte limit. One AbortController serves the call until an
 * attempt is cancelled, and the next attempt gets a fresh one: a call pays for one controller and
 * no listener joining two, however it is cancelled.
 */
export class CallCancel {
  #controller = new AbortController();
  #clientGone = false;

  /** The signal of the attempt under way (the call's, unless an attempt was cancelled before). */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** The client went away: nothing more is sent upstream or to it. */
  get clientGone(): boolean {
    return this.#clientGone;
  }

  hangUp(): void {
    this.#clientGone = true;
    this.#controller.abort();
  }

  /** Cancels the attempt under way only: the call goes on with a fresh signal. */
  cancelAttempt(): void {
    if (this.#clientGone) return;
    this.#controller.abort();
    this.#controller = new AbortController();
  }
}

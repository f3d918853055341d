/** What a cache answers: the value itself when it holds it, a promise of it when it must load it. */
export type NowOrLater<T> = T | Promise<T>;

/**
 * `next` applied to `value`: at once when the value is here, once it arrives otherwise. A cache hit
 * costs no promise and no turn of the microtask queue, which on the relay's path is every call.
 * What `next` throws is thrown at once in the first case and rejects in the second.
 */
export function thenNow<T, R>(value: NowOrLater<T>, next: (value: T) => NowOrLater<R>): NowOrLater<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/**
 * What `run` answers, or what `failed` makes of its failure, thrown at once or rejected later: at
 * once when both are at hand.
 */
export function caught<T>(run: () => NowOrLater<T>, failed: (error: unknown) => T): NowOrLater<T> {
  try {
    const value = run();
    return value instanceof Promise ? value.catch(failed) : value;
  } catch (error) {
    return failed(error);
  }
}

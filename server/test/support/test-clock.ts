/**
 * A clock a test moves by hand, for code that takes one (the circuit breakers): a cool-down is
 * passed by moving it, not by waiting, so nothing depends on how fast the machine is.
 */
export function testClock(): { now: () => number; advance: (ms: number) => void } {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += ms;
    },
  };
}

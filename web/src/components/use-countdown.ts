import { useCallback, useEffect, useState } from 'react';
import { RESEND_WAIT_SECONDS, secondsLeft } from './countdown.ts';

/** A button lock with a visible countdown: `start()` locks it for `seconds`. */
export function useCountdown(seconds = RESEND_WAIT_SECONDS) {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (secondsLeft(endsAt, current) === 0) setEndsAt(null);
    }, 250);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  const start = useCallback(() => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current + seconds * 1000);
  }, [seconds]);

  return { remaining: secondsLeft(endsAt, now), start };
}

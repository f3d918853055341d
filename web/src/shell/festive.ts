/** Spec §2 (top bar): on 1 January a festive item appears; its effect lasts 3 s, then the page reloads after 10 s. */
export const FESTIVE_EFFECT_MS = 3000;
export const FESTIVE_RELOAD_MS = 10_000;

/** Whether `date` (local time) is 1 January. */
export function isFestiveDay(date: Date): boolean {
  return date.getMonth() === 0 && date.getDate() === 1;
}

/**
 * Runs the festive effect: `start` begins it and answers how to stop it; it is stopped after 3 s,
 * and 10 s after that the page is reloaded (which also leaves no trace of the effect behind).
 */
export function celebrate(start: () => () => void, reload: () => void): void {
  const stop = start();
  setTimeout(() => {
    stop();
    setTimeout(reload, FESTIVE_RELOAD_MS);
  }, FESTIVE_EFFECT_MS);
}

import { useSyncExternalStore } from 'react';

/** Narrow screens (600px or less) get a toggled menu instead of the side bar. */
const QUERY = '(max-width: 600px)';

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches);
}

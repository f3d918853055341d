import { useMediaQuery } from './use-media-query.ts';

/** Narrow screens (600px or less) get a toggled menu instead of the side bar. */
export function useIsMobile(): boolean {
  return useMediaQuery('(max-width: 600px)');
}

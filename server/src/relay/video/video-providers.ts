import { KLING } from './kling-provider.ts';
import { SORA } from './sora-provider.ts';
import { KLING_TYPE, servesSora } from './video-channels.ts';
import type { VideoProvider } from './video-provider.ts';

/** The provider of a video channel's type; undefined for a type that makes no videos. */
export function providerFor(type: number): VideoProvider | undefined {
  if (type === KLING_TYPE) return KLING;
  return servesSora(type) ? SORA : undefined;
}

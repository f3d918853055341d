import { KLING } from './kling-provider.ts';
import { SORA } from './sora-provider.ts';
import { GEMINI_VEO } from './gemini-veo.ts';
import { VERTEX_VEO } from './vertex-veo.ts';
import { GEMINI_TYPE, KLING_TYPE, servesSora, VERTEX_TYPE } from './video-channels.ts';
import type { VideoProvider } from './video-provider.ts';

/** The provider of a video channel's type; undefined for a type that makes no videos. */
export function providerFor(type: number): VideoProvider | undefined {
  if (type === KLING_TYPE) return KLING;
  if (type === GEMINI_TYPE) return GEMINI_VEO;
  if (type === VERTEX_TYPE) return VERTEX_VEO;
  return servesSora(type) ? SORA : undefined;
}

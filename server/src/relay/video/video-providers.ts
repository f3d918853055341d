import { KLING } from './kling-provider.ts';
import { SORA } from './sora-provider.ts';
import { GEMINI_VEO } from './gemini-veo.ts';
import { VERTEX_VEO } from './vertex-veo.ts';
import { SEEDANCE } from './doubao-provider.ts';
import { HAILUO } from './hailuo-provider.ts';
import { WAN } from './wan-provider.ts';
import { VIDU } from './vidu-provider.ts';
import {
  ALI_TYPE,
  GEMINI_TYPE,
  KLING_TYPE,
  MINIMAX_TYPE,
  SEEDANCE_TYPES,
  servesSora,
  VERTEX_TYPE,
  VIDU_TYPE,
} from './video-channels.ts';
import type { VideoProvider } from './video-provider.ts';

/**
 * The provider of a video channel's type, as new-api's GetTaskAdaptor: the vendors' own first
 * (VolcEngine, MiniMax and Alibaba make Seedance, Hailuo and Wan videos, not Sora's), Sora for the rest of the
 * OpenAI family; undefined for a type that makes no videos.
 */
export function providerFor(type: number): VideoProvider | undefined {
  if (type === KLING_TYPE) return KLING;
  if (type === GEMINI_TYPE) return GEMINI_VEO;
  if (type === VERTEX_TYPE) return VERTEX_VEO;
  if (type === VIDU_TYPE) return VIDU;
  if (SEEDANCE_TYPES.includes(type)) return SEEDANCE;
  if (type === MINIMAX_TYPE) return HAILUO;
  if (type === ALI_TYPE) return WAN;
  return servesSora(type) ? SORA : undefined;
}

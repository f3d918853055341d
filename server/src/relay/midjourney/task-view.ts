import type { OptionsCache } from '../../cache/options-cache.ts';
import { drawingImageUrl } from '../../options/midjourney-image-url.ts';
import type { MidjourneyRow } from '../../store/midjourney-queries.ts';

/** A drawing as midjourney-proxy's task fetch answers it. */
export interface MjTaskView {
  id: string;
  action: string;
  prompt: string;
  promptEn: string;
  description: string;
  state: string;
  submitTime: number;
  startTime: number;
  finishTime: number;
  imageUrl: string;
  videoUrl: string;
  videoUrls?: unknown;
  status: string;
  progress: string;
  failReason: string;
  buttons?: unknown;
  properties?: unknown;
}

function parsed(text: string | null): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function mjTaskView(settings: OptionsCache, row: MidjourneyRow): MjTaskView {
  return {
    id: row.mj_id,
    action: row.action,
    prompt: row.prompt ?? '',
    promptEn: row.prompt_en ?? '',
    description: row.description ?? '',
    state: row.state ?? '',
    submitTime: Number(row.submit_time),
    startTime: Number(row.start_time),
    finishTime: Number(row.finish_time),
    imageUrl: drawingImageUrl(settings, row),
    videoUrl: row.video_url ?? '',
    videoUrls: parsed(row.video_urls),
    status: row.status,
    progress: row.progress,
    failReason: row.fail_reason ?? '',
    buttons: parsed(row.buttons),
    properties: parsed(row.properties),
  };
}

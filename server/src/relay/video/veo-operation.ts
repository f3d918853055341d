import type { TaskInfo } from './task-info.ts';
import type { VideoRequest } from './video-request.ts';

/**
 * Veo's long-running operations, as Gemini (generativelanguage) and Vertex AI share them: the
 * predictLongRunning request, and a fetched operation read as the table's terms.
 */

/** Veo's duration when none is asked (Veo 3 makes 8 seconds). */
export const VEO_DEFAULT_SECONDS = 8;

const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Veo's aspect ratio of an OpenAI size (landscape unless the size is portrait). */
const aspectRatio = (size: string): string | undefined => {
  const [width, height] = size.split('x').map(Number);
  if (!width || !height) return undefined;
  return height > width ? '9:16' : '16:9';
};

/**
 * The predictLongRunning body: one instance with the prompt, parameters with the duration charged
 * for, the aspect of the size, and what the caller put in parameters (or new-api's metadata).
 */
export function veoBody(request: VideoRequest, seconds: number): Record<string, unknown> {
  const fields = request.json ?? {};
  const ratio = aspectRatio(request.size);
  return {
    instances: [{ prompt: request.prompt }],
    parameters: {
      ...(ratio && { aspectRatio: ratio }),
      ...asObject(fields.metadata),
      ...asObject(fields.parameters),
      durationSeconds: seconds,
    },
  };
}

/** The address of a finished operation's first video: Gemini's uri, or Vertex's gcsUri. */
function videoAddress(response: Record<string, unknown>): string | undefined {
  const samples = asObject(response.generateVideoResponse).generatedSamples;
  const sample = Array.isArray(samples) ? asObject(asObject(samples[0]).video) : {};
  if (typeof sample.uri === 'string' && sample.uri !== '') return sample.uri;
  const videos = response.videos;
  const video = Array.isArray(videos) ? asObject(videos[0]) : {};
  return typeof video.gcsUri === 'string' && video.gcsUri !== '' ? video.gcsUri : undefined;
}

/** An operation in the table's terms: running, failed (an error, or every video filtered), or done. */
export function veoTaskInfo(operation: Record<string, unknown>): TaskInfo {
  const error = asObject(operation.error);
  if (Object.keys(error).length > 0) {
    return { object: operation, status: 'FAILURE', reason: String(error.message || 'task failed') };
  }
  if (operation.done !== true) return { object: operation, status: 'IN_PROGRESS' };
  const response = asObject(operation.response);
  const filtered = Number(response.raiMediaFilteredCount) || 0;
  const url = videoAddress(response);
  if (!url && filtered > 0) {
    const reasons = response.raiMediaFilteredReasons;
    const reason =
      Array.isArray(reasons) && typeof reasons[0] === 'string' ? reasons[0] : 'filtered by safety';
    return { object: operation, status: 'FAILURE', reason };
  }
  return { object: operation, status: 'SUCCESS', ...(url && { url }) };
}

/** The operation's name from a predictLongRunning answer. */
export const operationName = (answer: Record<string, unknown> | undefined): string =>
  typeof answer?.name === 'string' ? answer.name : '';

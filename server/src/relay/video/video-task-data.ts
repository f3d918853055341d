import { randomBytes } from 'node:crypto';
import type { TaskRow } from '../../store/video-tasks.ts';

/**
 * What a video task keeps out of sight in the row's private_data (never shown to a caller): the
 * upstream's own id of the task, the key it was charged to (the tasks table has no column for it),
 * what it was priced at, and where its result is.
 */
export interface VideoPrivateData {
  upstream_task_id: string;
  token_id: number;
  /** The duration the task was charged for; a different final duration settles the difference. */
  seconds: number;
  size: string;
  /** The price multiplier besides the duration (the size ratio). */
  size_ratio: number;
  /** The model the caller asked for (the price's), and the one sent upstream. */
  model: string;
  upstream_model: string;
  result_url?: string;
  /** The result's address at the upstream (Kling's), which the content route streams from. */
  upstream_url?: string;
  /** Which of a multi-key channel's keys made the task (video-key.ts). */
  key_digest?: string;
  /** A remix: our public id of the task it remixes. */
  remixed_from?: string;
}

export function privateDataOf(row: TaskRow): VideoPrivateData {
  let value: Partial<VideoPrivateData> = {};
  try {
    value = (JSON.parse(row.private_data ?? '{}') as Partial<VideoPrivateData> | null) ?? {};
  } catch {
    // A broken private data reads as none: the task cannot be polled and times out.
  }
  return {
    upstream_task_id: String(value.upstream_task_id ?? ''),
    token_id: Number(value.token_id) || 0,
    seconds: Number(value.seconds) || 0,
    size: String(value.size ?? ''),
    size_ratio: Number(value.size_ratio) || 1,
    model: String(value.model ?? ''),
    upstream_model: String(value.upstream_model ?? value.model ?? ''),
    ...(value.result_url && { result_url: String(value.result_url) }),
    ...(value.upstream_url && { upstream_url: String(value.upstream_url) }),
    ...(value.key_digest && { key_digest: String(value.key_digest) }),
    ...(value.remixed_from && { remixed_from: String(value.remixed_from) }),
  };
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Our public id of a task, as new-api's (task_ and 32 letters or digits); the upstream's stays private. */
export function newPublicTaskId(): string {
  const bytes = randomBytes(32);
  return `task_${Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('')}`;
}

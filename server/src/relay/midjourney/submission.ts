import type { NewTaskRow } from '../../store/task-money.ts';
import type { SubmitOutcome } from '../tasks/submit-task.ts';
import { asObject, asString, type MjAnswer } from './wire.ts';

/** Codes of an accepted submission: submitted (1), exists already (21), queued (22). */
const ACCEPTED_CODES: ReadonlySet<number> = new Set([1, 21, 22]);

export interface SubmittedDrawing {
  userId: number;
  tokenId: number;
  channelId: number;
  action: string;
  prompt: string;
}

/**
 * What a midjourney-proxy answer to a submission means for the gateway (new-api's rules): HTTP 200
 * with code 1, 21 or 22 is accepted and charged; anything else is refused, recorded as a failed
 * drawing and not charged. Code 21 with the task's status (already drawn) records that status;
 * without it (a plus proxy waiting for its modal), the task waits in MODAL. An upload is done at
 * once. Answers the outcome and the answer the caller gets (21 and 22 say 1, as new-api's do).
 */
export function readSubmission(
  status: number,
  raw: Record<string, unknown>,
  answer: MjAnswer,
  drawing: SubmittedDrawing,
  now = Date.now(),
): { outcome: SubmitOutcome<'midjourneys'>; reply: Record<string, unknown> } {
  const upload = drawing.action === 'UPLOAD';
  const result = answer.result;
  const taskId = typeof result === 'string' || typeof result === 'number' ? String(result) : '';
  const base: NewTaskRow<'midjourneys'> = {
    user_id: drawing.userId,
    token_id: drawing.tokenId,
    channel_id: drawing.channelId,
    code: answer.code,
    action: drawing.action,
    mj_id: taskId,
    prompt: drawing.prompt,
    prompt_en: '',
    description: answer.description,
    state: '',
    submit_time: now,
    image_url: '',
    status: 'SUBMITTED',
    progress: '0%',
    fail_reason: '',
  };
  if (status !== 200 || !ACCEPTED_CODES.has(answer.code)) {
    const row = {
      ...base,
      status: 'FAILURE',
      progress: '100%',
      fail_reason: answer.description,
      finish_time: now,
    };
    return { outcome: { accepted: false, row }, reply: raw };
  }
  const row = { ...base };
  if (answer.code === 21) {
    const properties = asObject(answer.properties) ?? {};
    const known = asString(properties.status);
    if (known !== '') {
      row.status = known;
      row.image_url = asString(properties.imageUrl);
      if (known === 'SUCCESS')
        Object.assign(row, { progress: '100%', start_time: now, finish_time: now, code: 1 });
    } else row.status = 'MODAL';
  }
  if (upload) {
    const urls = Array.isArray(result) ? result.filter((u): u is string => typeof u === 'string') : [];
    Object.assign(row, { status: 'SUCCESS', progress: '100%', finish_time: now, image_url: urls[0] ?? '' });
  }
  const free = drawing.action === 'INPAINT' || drawing.action === 'CUSTOM_ZOOM';
  const reply = answer.code === 22 || (answer.code === 21 && !free) ? { ...raw, code: 1 } : raw;
  return { outcome: { accepted: true, taskId, action: drawing.action, row }, reply };
}

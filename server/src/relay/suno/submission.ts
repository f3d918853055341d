import { msg, type Bilingual } from '../../i18n/text.ts';
import type { Json } from '../formats/types.ts';
import { sunoBadRequest } from './wire.ts';

/** Suno's actions: the route's name, new-api's action and the model it is priced at. */
export const SUNO_ACTIONS = {
  MUSIC: 'suno_music',
  LYRICS: 'suno_lyrics',
} as const;

export type SunoAction = keyof typeof SUNO_ACTIONS;

/** The model of an action (a stored row's, for its refund log). */
export const modelOfSunoAction = (action: string): string =>
  SUNO_ACTIONS[action as SunoAction] ?? `suno_${action.toLowerCase()}`;

/** The action of /suno/submit/:action (music or lyrics, in any case, as new-api upper-cases it). */
export function sunoActionOf(param: string): SunoAction {
  const action = param.toUpperCase();
  if (!Object.hasOwn(SUNO_ACTIONS, action))
    throw sunoBadRequest(msg('suno.invalidAction', { action: param }));
  return action as SunoAction;
}

/** The mv new-api sends for a song that names none. */
const DEFAULT_MV = 'chirp-v3-0';

const STRING_FIELDS = [
  'gpt_description_prompt',
  'prompt',
  'mv',
  'title',
  'tags',
  'task_id',
  'continue_clip_id',
] as const;

const KINDS = {
  string: { en: 'a string', zh: '字符串' },
  number: { en: 'a number', zh: '数字' },
  boolean: { en: 'true or false', zh: 'true 或 false' },
} satisfies Record<string, Bilingual>;

function typed<K extends keyof typeof KINDS>(body: Json, field: string, kind: K): unknown {
  const value = body[field];
  if (value === undefined || value === null || typeof value === kind) return value ?? undefined;
  throw sunoBadRequest(msg('suno.fieldType', { field, kind: KINDS[kind] }));
}

export interface SunoSubmission {
  /** What goes upstream: new-api's submit request, its fields only, empty ones left out. */
  sent: Json;
  /** The caller's earlier task a continuation extends (it goes to that task's channel). */
  originTaskId?: string;
}

/**
 * A submission's body read as new-api reads it (SunoSubmitReq): its known fields with their
 * types, anything else dropped; a song without an mv gets chirp-v3-0, lyrics need a prompt, and a
 * continuation (continue_clip_id) names its task in task_id. A field of the wrong type is refused.
 */
export function readSunoSubmission(action: SunoAction, body: Json): SunoSubmission {
  const sent: Json = {};
  for (const field of STRING_FIELDS) {
    const value = typed(body, field, 'string');
    if (value !== undefined && value !== '') sent[field] = value;
  }
  const continueAt = typed(body, 'continue_at', 'number');
  if (continueAt !== undefined && continueAt !== 0) sent.continue_at = continueAt;
  sent.make_instrumental = typed(body, 'make_instrumental', 'boolean') ?? false;
  if (action === 'MUSIC' && sent.mv === undefined) sent.mv = DEFAULT_MV;
  if (action === 'LYRICS' && sent.prompt === undefined) throw sunoBadRequest(msg('suno.promptEmpty'));
  if (sent.continue_clip_id === undefined) return { sent };
  if (sent.task_id === undefined) throw sunoBadRequest(msg('suno.taskIdEmpty'));
  return { sent, originTaskId: sent.task_id as string };
}

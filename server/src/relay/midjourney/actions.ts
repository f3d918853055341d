import { asString, mjBadRequest } from './wire.ts';

/** Drawing actions, as midjourney-proxy names them (spec: drawing actions). */
export const MJ_ACTIONS = [
  'IMAGINE',
  'UPSCALE',
  'VARIATION',
  'HIGH_VARIATION',
  'LOW_VARIATION',
  'PAN',
  'DESCRIBE',
  'BLEND',
  'UPLOAD',
  'SHORTEN',
  'REROLL',
  'INPAINT',
  'ZOOM',
  'CUSTOM_ZOOM',
  'MODAL',
  'SWAP_FACE',
  'VIDEO',
  'EDITS',
] as const;
export type MjAction = (typeof MJ_ACTIONS)[number];

/** The submit routes, by the last part of their path. */
export const SUBMIT_KINDS = [
  'imagine',
  'change',
  'simple-change',
  'describe',
  'blend',
  'action',
  'modal',
  'shorten',
  'edits',
  'video',
  'upload-discord-images',
  'swap',
] as const;
export type SubmitKind = (typeof SUBMIT_KINDS)[number];

/** What a submission asks: its action, and the task it follows up, if any. */
export interface SubmitIntent {
  action: MjAction;
  /** The earlier task this one acts on (upscale, variation, modal…). */
  followsTaskId?: string;
}

/** The model a drawing action is priced and routed as (new-api's mj_<action>, swap_face). */
export const modelOfAction = (action: string): string =>
  action === 'SWAP_FACE' ? 'swap_face' : `mj_${action.toLowerCase()}`;

/** Actions new-api never charges for. */
export const FREE_ACTIONS: ReadonlySet<string> = new Set(['INPAINT', 'CUSTOM_ZOOM']);

const FIXED: Partial<Record<SubmitKind, MjAction>> = {
  imagine: 'IMAGINE',
  describe: 'DESCRIBE',
  blend: 'BLEND',
  shorten: 'SHORTEN',
  edits: 'EDITS',
  'upload-discord-images': 'UPLOAD',
  swap: 'SWAP_FACE',
};

/** A plus proxy's button id ("MJ::JOB::upsample::2::<hash>") as the action it stands for. */
export function actionOfCustomId(customId: string): MjAction {
  if (customId === '') throw mjBadRequest('custom_id_is_required');
  const parts = customId.split('::');
  const name = (parts[1] === 'JOB' ? parts[2] : parts[1]) ?? '';
  if (name.includes('upsample')) return 'UPSCALE';
  if (name === 'variation') return 'VARIATION';
  if (name === 'low_variation') return 'LOW_VARIATION';
  if (name === 'high_variation') return 'HIGH_VARIATION';
  if (name.includes('pan')) return 'PAN';
  if (name.includes('reroll')) return 'REROLL';
  if (name === 'Outpaint') return 'ZOOM';
  if (name === 'CustomZoom') return 'CUSTOM_ZOOM';
  if (name === 'Inpaint') return 'INPAINT';
  throw mjBadRequest(`unknown_action:${customId}`);
}

/** "<task id> U2" (or V1..V4, R) as the task and action. */
function simpleChange(content: string): SubmitIntent {
  const [taskId, rawAction, ...rest] = content.trim().split(/\s+/);
  const action = (rawAction ?? '').toLowerCase();
  if (!taskId || rest.length > 0 || action === '') throw mjBadRequest('content_parse_failed');
  if (action === 'r') return { action: 'REROLL', followsTaskId: taskId };
  const index = Number(action.slice(1));
  if (!/^[uv][1-4]$/.test(action) || !(index >= 1 && index <= 4)) throw mjBadRequest('content_parse_failed');
  return { action: action.startsWith('u') ? 'UPSCALE' : 'VARIATION', followsTaskId: taskId };
}

const CHANGE_ACTIONS: ReadonlySet<string> = new Set(['UPSCALE', 'VARIATION', 'REROLL']);

/** What a submit route's body asks; a request it cannot name an action for is a bad request. */
export function intentOf(kind: SubmitKind, body: Record<string, unknown>): SubmitIntent {
  const fixed = FIXED[kind];
  if (fixed === 'IMAGINE' && asString(body.prompt).trim() === '') throw mjBadRequest('prompt_is_required');
  if (fixed === 'SWAP_FACE' && (asString(body.sourceBase64) === '' || asString(body.targetBase64) === ''))
    throw mjBadRequest('sour_base64_and_target_base64_is_required');
  if (fixed) return { action: fixed };
  const taskId = asString(body.taskId);
  switch (kind) {
    case 'change': {
      const action = asString(body.action).toUpperCase();
      if (taskId === '') throw mjBadRequest('task_id_is_required');
      if (action === '') throw mjBadRequest('action_is_required');
      if (!CHANGE_ACTIONS.has(action)) throw mjBadRequest(`unknown_action:${action}`);
      if (action !== 'REROLL' && !(Number(body.index) >= 1 && Number(body.index) <= 4))
        throw mjBadRequest('index_is_required');
      return { action: action as MjAction, followsTaskId: taskId };
    }
    case 'simple-change':
      if (asString(body.content) === '') throw mjBadRequest('content_is_required');
      return simpleChange(asString(body.content));
    case 'action':
      if (taskId === '') throw mjBadRequest('task_id_is_required');
      return { action: actionOfCustomId(asString(body.customId)), followsTaskId: taskId };
    case 'modal':
      if (taskId === '') throw mjBadRequest('task_id_is_required');
      return { action: 'MODAL', followsTaskId: taskId };
    case 'video':
      return taskId === '' ? { action: 'VIDEO' } : { action: 'VIDEO', followsTaskId: taskId };
    default:
      throw mjBadRequest('unknown_relay_action');
  }
}

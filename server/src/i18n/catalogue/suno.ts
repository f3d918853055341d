import type { Catalogue } from './types.ts';

/**
 * The Suno routes' refusals (/suno/…), answered as new-api's task errors: the code is new-api's
 * (scripts match it), the message says what went wrong in the caller's language.
 */
export const sunoMessages = {
  'suno.invalidAction': {
    en: 'invalid_action: {action} is not a Suno action (music or lyrics)',
    zh: 'invalid_action：{action} 不是 Suno 的操作（music 或 lyrics）',
  },
  'suno.bodyNotObject': {
    en: 'the request body must be a JSON object',
    zh: '请求体必须是一个 JSON 对象',
  },
  'suno.fieldType': {
    en: 'the field {field} must be {kind}',
    zh: '字段 {field} 必须是{kind}',
  },
  'suno.promptEmpty': {
    en: 'prompt_empty: lyrics need a prompt',
    zh: 'prompt_empty：生成歌词需要提示词（prompt）',
  },
  'suno.taskIdEmpty': {
    en: 'task id is empty: a continuation (continue_clip_id) names the task it continues in task_id',
    zh: '任务 ID 为空：续写（continue_clip_id）须在 task_id 中指明所续写的任务',
  },
  'suno.taskNotExist': {
    en: 'task_not_exist: you have no Suno task with this id',
    zh: 'task_not_exist：你没有此 ID 的 Suno 任务',
  },
  'suno.originChannelDisabled': {
    en: 'the channel of the origin task is disabled',
    zh: '原任务所在的渠道已被禁用',
  },
  'suno.originChannelGone': {
    en: 'the channel of the origin task no longer exists',
    zh: '原任务所在的渠道已不存在',
  },
  'suno.noChannel': {
    en: 'no Suno channel of your group serves {model}',
    zh: '你所在分组没有可提供 {model} 的 Suno 渠道',
  },
  'suno.modelNotAllowed': {
    en: 'this API key may not use {model}',
    zh: '此 API 密钥不能使用 {model}',
  },
  'suno.idsNotList': {
    en: 'ids must be a list of task ids',
    zh: 'ids 必须是任务 ID 的列表',
  },
  'suno.upstreamStatus': {
    en: 'the upstream answered HTTP {status}: {body}',
    zh: '上游返回 HTTP {status}：{body}',
  },
  'suno.upstreamUnreadable': {
    en: 'the upstream answered something that is not a Suno answer',
    zh: '上游返回的不是 Suno 的应答',
  },
  'suno.upstreamUnreachable': {
    en: 'the upstream could not be asked ({fault})',
    zh: '无法请求上游（{fault}）',
  },
  'suno.notRecorded': {
    en: 'the task was accepted upstream but could not be recorded; nothing was charged',
    zh: '上游已接受任务，但无法记录；未扣费',
  },
  'suno.bodyTooLarge': {
    en: 'the request body is too large',
    zh: '请求体过大',
  },
  'suno.internal': {
    en: 'internal error in the gateway',
    zh: '网关内部错误',
  },
} as const satisfies Catalogue;

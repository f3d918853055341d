import type { ChannelFormValues } from './channel-form-values.ts';

export type ChannelField = keyof ChannelFormValues;

/** A rule the form breaks: the i18n key (under `channel.error`) of why, and the fields to mark. */
export interface FormProblem {
  message: string;
  fields: ChannelField[];
}

/**
 * Which fields a server refusal is about, by the words it uses for them, in English or Chinese
 * (the server answers in the console's language). The first pattern that matches wins, so the
 * more specific ones ("model mapping") come before the words they contain ("model").
 */
const REFUSAL_FIELDS: ReadonlyArray<readonly [RegExp, ChannelField[]]> = [
  [/key again|重新填写密钥/i, ['key']],
  [/name and key|名称和密钥/i, ['name', 'key']],
  [/status code mapping|status_code_mapping|状态码复写/i, ['status_code_mapping']],
  [/model mapping|model_mapping|模型重定向|模型映射/i, ['model_mapping']],
  [/base url|base_url|api 地址/i, ['base_url']],
  [/channel name|渠道名称|^invalid parameter: name\b/i, ['name']],
  [/\bkeys?\b|密钥/i, ['key']],
  [/\bsetting\b|额外设置/i, ['setting']],
  [/\bgroups?\b|分组/i, ['groups']],
  [/\bmodels?\b|模型/i, ['models']],
  [/priority|优先级/i, ['priority']],
  [/weight|权重/i, ['weight']],
  [/max_input_tokens|最大输入/i, ['max_input_tokens']],
  [/auto_ban/i, ['auto_ban']],
  [/channel type|渠道类型|^invalid parameter: type\b/i, ['type']],
  [/\btag\b|标签/i, ['tag']],
];

/** The form fields a refusal of saving a channel concerns; none when it names no field. */
export function refusalFields(message: string): ChannelField[] {
  return REFUSAL_FIELDS.find(([pattern]) => pattern.test(message))?.[1] ?? [];
}

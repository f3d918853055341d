/** new-api's names for the Claude models on Bedrock, and the Bedrock model id each stands for. */
const MODEL_IDS: Record<string, string> = {
  'claude-3-sonnet-20240229': 'anthropic.claude-3-sonnet-20240229-v1:0',
  'claude-3-opus-20240229': 'anthropic.claude-3-opus-20240229-v1:0',
  'claude-3-haiku-20240307': 'anthropic.claude-3-haiku-20240307-v1:0',
  'claude-3-5-sonnet-20240620': 'anthropic.claude-3-5-sonnet-20240620-v1:0',
  'claude-3-5-sonnet-20241022': 'anthropic.claude-3-5-sonnet-20241022-v2:0',
  'claude-3-5-haiku-20241022': 'anthropic.claude-3-5-haiku-20241022-v1:0',
  'claude-3-7-sonnet-20250219': 'anthropic.claude-3-7-sonnet-20250219-v1:0',
  'claude-sonnet-4-20250514': 'anthropic.claude-sonnet-4-20250514-v1:0',
  'claude-opus-4-20250514': 'anthropic.claude-opus-4-20250514-v1:0',
  'claude-opus-4-1-20250805': 'anthropic.claude-opus-4-1-20250805-v1:0',
  'claude-sonnet-4-5-20250929': 'anthropic.claude-sonnet-4-5-20250929-v1:0',
  'claude-haiku-4-5-20251001': 'anthropic.claude-haiku-4-5-20251001-v1:0',
  'claude-opus-4-5-20251101': 'anthropic.claude-opus-4-5-20251101-v1:0',
  'claude-sonnet-4-6': 'anthropic.claude-sonnet-4-6',
  'claude-opus-4-6': 'anthropic.claude-opus-4-6-v1',
};

const US = ['us'];
const US_AP = ['us', 'ap'];
const ALL = ['us', 'eu', 'ap'];

/** The region groups (a region's first part) in which each model has a cross-region inference profile. */
const CROSS_REGION: Record<string, readonly string[]> = {
  'anthropic.claude-3-sonnet-20240229-v1:0': ALL,
  'anthropic.claude-3-opus-20240229-v1:0': US,
  'anthropic.claude-3-haiku-20240307-v1:0': ALL,
  'anthropic.claude-3-5-sonnet-20240620-v1:0': ALL,
  'anthropic.claude-3-5-sonnet-20241022-v2:0': US_AP,
  'anthropic.claude-3-5-haiku-20241022-v1:0': US,
  'anthropic.claude-3-7-sonnet-20250219-v1:0': ALL,
  'anthropic.claude-sonnet-4-20250514-v1:0': ALL,
  'anthropic.claude-opus-4-20250514-v1:0': US,
  'anthropic.claude-opus-4-1-20250805-v1:0': US,
  'anthropic.claude-sonnet-4-5-20250929-v1:0': ALL,
  'anthropic.claude-haiku-4-5-20251001-v1:0': ALL,
  'anthropic.claude-opus-4-5-20251101-v1:0': ALL,
  'anthropic.claude-sonnet-4-6': ALL,
  'anthropic.claude-opus-4-6-v1': ALL,
};

/** The inference profile prefix of each region group (Asia Pacific's is `apac`). */
const PROFILE_PREFIX: Record<string, string> = { us: 'us', eu: 'eu', ap: 'apac' };

/**
 * The Bedrock model id for a model name, as new-api chooses it: a Claude name it knows becomes its
 * Bedrock id, prefixed with the region group's cross-region inference profile (us., eu., apac.)
 * where the model has one; any other name is taken as a model id (or an inference profile or ARN)
 * already and passed through.
 */
export function bedrockModelId(model: string, region: string): string {
  const id = MODEL_IDS[model];
  if (id === undefined) return model;
  const group = region.split('-')[0] ?? '';
  const prefix = PROFILE_PREFIX[group];
  return prefix && CROSS_REGION[id]?.includes(group) ? `${prefix}.${id}` : id;
}

/** Whether a model id is one of Anthropic's Claude models (which take Claude's thinking settings). */
export const isClaudeModelId = (modelId: string): boolean => modelId.includes('claude');

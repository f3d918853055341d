import type { Json } from '../../formats/types.ts';

const CREATED = 1_626_777_600;

/** One model as OpenAI's GET /v1/models/{id} answers it. */
export const openAIModel = (id: string): Json => ({
  id,
  object: 'model',
  created: CREATED,
  owned_by: 'relaygate',
});

/** OpenAI's model list. */
export const openAIModelList = (names: string[]): Json => ({ object: 'list', data: names.map(openAIModel) });

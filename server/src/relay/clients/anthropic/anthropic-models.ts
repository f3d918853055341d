import type { Json } from '../../formats/types.ts';

const CREATED_AT = '2024-01-01T00:00:00Z';

/** One model as Anthropic's GET /v1/models/{id} answers it. */
export const anthropicModel = (id: string): Json => ({
  type: 'model',
  id,
  display_name: id,
  created_at: CREATED_AT,
});

/** Anthropic's model list: one page holding every model. */
export const anthropicModelList = (names: string[]): Json => ({
  data: names.map(anthropicModel),
  has_more: false,
  first_id: names[0] ?? null,
  last_id: names.at(-1) ?? null,
});

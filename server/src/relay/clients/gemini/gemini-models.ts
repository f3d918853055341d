import type { Json } from '../../formats/types.ts';

/** One model as Gemini's GET models/{model} answers it. */
export const geminiModel = (id: string): Json => ({
  name: `models/${id}`,
  baseModelId: id,
  version: '001',
  displayName: id,
  supportedGenerationMethods: ['generateContent', 'streamGenerateContent', 'countTokens'],
});

/** Gemini's model list: one page holding every model. */
export const geminiModelList = (names: string[]): Json => ({ models: names.map(geminiModel) });

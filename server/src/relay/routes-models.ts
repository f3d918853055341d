import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Caller } from './caller.ts';
import { callerOf } from './caller.ts';
import { RelayError } from './relay-error.ts';
import { callerModels } from './routes-openai.ts';
import type { WireFormat } from './wire-format.ts';

/**
 * The model list and the single-model lookups, shaped for whichever client asks (as new-api does):
 * Anthropic's when anthropic-version comes, Gemini's when the key comes as
 * x-goog-api-key or ?key=, OpenAI's otherwise. Errors on these routes take the same shape.
 */
export function modelListFormat(request: FastifyRequest): WireFormat {
  const headers = request.headers;
  // Anthropic's SDK sends anthropic-version always, its key as x-api-key or (1.x) a bearer token.
  if (headers['anthropic-version']) return 'anthropic';
  const query = request.query as Record<string, unknown> | undefined;
  if (headers['x-goog-api-key'] || (typeof query?.key === 'string' && query.key !== '')) return 'gemini';
  return 'openai';
}

const CREATED_AT = '2024-01-01T00:00:00Z';
const CREATED = 1_626_777_600;

const anthropicModel = (id: string) => ({ type: 'model', id, display_name: id, created_at: CREATED_AT });
const openAIModel = (id: string) => ({ id, object: 'model', created: CREATED, owned_by: 'relaygate' });
export const geminiModel = (id: string) => ({
  name: `models/${id}`,
  baseModelId: id,
  version: '001',
  displayName: id,
  supportedGenerationMethods: ['generateContent', 'streamGenerateContent', 'countTokens'],
});

/** The model a caller may use, or a 404 in the caller's shape. */
function knownModel(app: FastifyInstance, caller: Caller, raw: string): string {
  const id = raw.startsWith('models/') ? raw.slice('models/'.length) : raw;
  if (callerModels(app, caller).includes(id)) return id;
  throw new RelayError(404, `model ${id} does not exist or is not available to this key`, 'model_not_found');
}

export async function modelRoutes(app: FastifyInstance): Promise<void> {
  const config = { config: { modelList: true } };
  app.get('/v1/models', config, async (request) => {
    const names = callerModels(app, callerOf(request));
    const format = modelListFormat(request);
    if (format === 'anthropic')
      return {
        data: names.map(anthropicModel),
        has_more: false,
        first_id: names[0] ?? null,
        last_id: names.at(-1) ?? null,
      };
    if (format === 'gemini') return { models: names.map(geminiModel) };
    return { object: 'list', data: names.map(openAIModel) };
  });

  app.get('/v1/models/:model', config, async (request) => {
    const id = knownModel(app, callerOf(request), (request.params as { model: string }).model);
    const format = modelListFormat(request);
    return format === 'anthropic'
      ? anthropicModel(id)
      : format === 'gemini'
        ? geminiModel(id)
        : openAIModel(id);
  });

  app.get('/v1beta/models/:model', { config: { format: 'gemini' } }, async (request) =>
    geminiModel(knownModel(app, callerOf(request), (request.params as { model: string }).model)),
  );
}

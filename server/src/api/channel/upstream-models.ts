import { ChannelType } from '@relaygate/contract';
import { ApiError } from '../errors.ts';
import { getUpstreamJson, type UpstreamAccess } from './upstream-http.ts';
import { msg } from '../../i18n/text.ts';

interface ModelListing {
  url: (base: string) => string;
  headers: (key: string) => Record<string, string>;
  /** The ids in an answer, or null when the answer is not a model list. */
  ids: (body: unknown) => unknown[] | null;
}

const dataIds = (body: unknown) => {
  const data = (body as { data?: unknown })?.data;
  return Array.isArray(data) ? data.map((item) => (item as { id?: unknown })?.id) : null;
};

const OPENAI_LISTING: ModelListing = {
  url: (base) => `${base}/v1/models`,
  headers: (key) => ({ authorization: `Bearer ${key}` }),
  ids: dataIds,
};

/** Types whose model list is asked for differently from OpenAI's GET /v1/models with a bearer key. */
const LISTINGS: Partial<Record<number, ModelListing>> = {
  [ChannelType.Azure]: { ...OPENAI_LISTING, headers: (key) => ({ 'api-key': key }) },
  [ChannelType.Anthropic]: {
    ...OPENAI_LISTING,
    url: (base) => `${base}/v1/models?limit=1000`,
    headers: (key) => ({ 'x-api-key': key, 'anthropic-version': '2023-06-01' }),
  },
  [ChannelType.Gemini]: {
    url: (base) => `${base}/v1beta/models?pageSize=1000`,
    headers: (key) => ({ 'x-goog-api-key': key }),
    ids: (body) => {
      const models = (body as { models?: unknown })?.models;
      return Array.isArray(models)
        ? models.map((m) => String((m as { name?: unknown })?.name ?? '').replace(/^models\//, ''))
        : null;
    },
  },
};

/** The model ids an upstream account offers, distinct, in the upstream's order. */
export async function fetchUpstreamModels(
  type: number,
  base: string,
  access: UpstreamAccess,
): Promise<string[]> {
  if (access.key === '') throw new ApiError(msg('upstream.enterKey'));
  if (base === '') throw new ApiError(msg('upstream.enterBaseUrl'));
  const listing = LISTINGS[type] ?? OPENAI_LISTING;
  const body = await getUpstreamJson(listing.url(base), listing.headers(access.key), access);
  const ids = listing.ids(body);
  if (ids === null) throw new ApiError(msg('upstream.notModelList'));
  return [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))];
}

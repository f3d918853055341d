/**
 * The provider registry: the families, by the names the channel type catalogue
 * (providers/channel-types.ts) gives each type.
 *
 * To add a provider with its own format:
 *   1. Make one folder `relay/providers/<family>/` with `<family>-family.ts` exporting a
 *      `ProviderFamily` (provider-family.ts): target URL and headers, request from the OpenAI-chat
 *      core, answer and stream back to it, error reading, model listing, balance (or none). Unit
 *      tests beside each file.
 *   2. Add its name to `FamilyName` and its type's catalogue entry, and it to BY_NAME below. Its
 *      `format` may be a name of its own: calls from every client format are then converted
 *      through the chat core. Where some calls of a client format can go through unconverted
 *      (Claude on Bedrock by InvokeModel, Gemini on Vertex), `answersIn` says which: those get the
 *      client's own body and are answered as the provider answered.
 * A provider that speaks OpenAI's API needs no folder: its catalogue entry names the `openai`
 * family, and `openai/openai-channel-types.ts` holds its paths, auth and stream options when they
 * are not OpenAI's.
 * A type whose keys reach different APIs (Hunyuan: an API key, or a TC3 key triple) is given to
 * one family whose `forKey` names the family for a channel's key (providerForChannel). A provider
 * that tells failures with HTTP 200 (Tencent Cloud, Coze) reads them with `failureInAnswer`.
 * `registry.test.ts` checks that every family answers every member of the
 * interface, and that every type it serves makes a request.
 */
import { anthropicFamily } from './anthropic/anthropic-family.ts';
import { azureFamily } from './azure/azure-family.ts';
import { bedrockFamily } from './bedrock/bedrock-family.ts';
import { cohereFamily } from './cohere/cohere-family.ts';
import { cozeFamily } from './coze/coze-family.ts';
import { difyFamily } from './dify/dify-family.ts';
import { geminiFamily } from './gemini/gemini-family.ts';
import { hunyuanFamily } from './hunyuan/hunyuan-family.ts';
import { openAIFamily } from './openai/openai-family.ts';
import { CHANNEL_TYPES, UNKNOWN_TYPE, type FamilyName } from '../../providers/channel-types.ts';
import type { ProviderFamily } from './provider-family.ts';
import { retiredFamily } from './retired/retired-family.ts';
import { unsupportedFamily } from './unsupported/unsupported-family.ts';
import { vertexFamily } from './vertex/vertex-family.ts';

/** Every family under the name the catalogue gives it: a name without a family does not compile. */
const BY_NAME: Record<FamilyName, ProviderFamily> = {
  openai: openAIFamily,
  azure: azureFamily,
  anthropic: anthropicFamily,
  gemini: geminiFamily,
  cohere: cohereFamily,
  dify: difyFamily,
  bedrock: bedrockFamily,
  vertex: vertexFamily,
  hunyuan: hunyuanFamily,
  coze: cozeFamily,
  retired: retiredFamily,
  unsupported: unsupportedFamily,
};

export const FAMILIES: readonly ProviderFamily[] = Object.values(BY_NAME);

// A family read before its module finished loading (an import cycle into relay/providers) is undefined here.
if (FAMILIES.some((family) => family === undefined))
  throw new Error('provider registry: a family is not loaded yet (an import cycle through relay/providers?)');

const BY_TYPE = new Map<number, ProviderFamily>(
  [...CHANNEL_TYPES, UNKNOWN_TYPE].map(({ id, family }) => [id, BY_NAME[family]]),
);

/** The family serving a channel type, as the catalogue names it; the unsupported family for a type it does not list. */
export const providerFor = (channelType: number): ProviderFamily =>
  BY_TYPE.get(channelType) ?? unsupportedFamily;

/** The family serving one channel: its type's, or the one its type's family names for its key. */
export function providerForChannel(channel: { type: number; row: { key: string } }): ProviderFamily {
  const family = providerFor(channel.type);
  return family.forKey?.(channel.row.key) ?? family;
}

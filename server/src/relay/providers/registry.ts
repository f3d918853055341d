/**
 * The provider registry: which family serves each channel type.
 *
 * To add a provider with its own format:
 *   1. Make one folder `relay/providers/<family>/` with `<family>-family.ts` exporting a
 *      `ProviderFamily` (provider-family.ts): its channel types, target URL and headers, request
 *      from the OpenAI-chat core, answer and stream back to it, error reading, model listing,
 *      balance (or none). Unit tests beside each file.
 *   2. Add it to FAMILIES below: one line. Its `format` may be a name of its own: calls from every
 *      client format are then converted through the chat core. Where some calls of a client format
 *      can go through unconverted (Claude on Bedrock by InvokeModel, Gemini on Vertex), `answersIn`
 *      says which: those get the client's own body and are answered as the provider answered.
 * A provider that speaks OpenAI's API needs no folder: add one entry to
 * `openai/openai-channel-types.ts` (its default base URL, its path per endpoint, its auth, whether
 * it takes stream_options.include_usage). A type the catalogue marks retired is refused by the
 * retired family; a type no family claims, by the unsupported family.
 * `registry.test.ts` checks that every family answers every member of the interface.
 */
import { anthropicFamily } from './anthropic/anthropic-family.ts';
import { azureFamily } from './azure/azure-family.ts';
import { bedrockFamily } from './bedrock/bedrock-family.ts';
import { cohereFamily } from './cohere/cohere-family.ts';
import { difyFamily } from './dify/dify-family.ts';
import { geminiFamily } from './gemini/gemini-family.ts';
import { openAIFamily } from './openai/openai-family.ts';
import type { ProviderFamily } from './provider-family.ts';
import { retiredFamily } from './retired/retired-family.ts';
import { unsupportedFamily } from './unsupported/unsupported-family.ts';
import { vertexFamily } from './vertex/vertex-family.ts';

export const FAMILIES: readonly ProviderFamily[] = [
  openAIFamily,
  azureFamily,
  anthropicFamily,
  geminiFamily,
  cohereFamily,
  difyFamily,
  bedrockFamily,
  vertexFamily,
  retiredFamily,
  unsupportedFamily,
];

// A family read before its module finished loading (an import cycle into relay/providers) is undefined here.
if (FAMILIES.some((family) => family === undefined))
  throw new Error('provider registry: a family is not loaded yet (an import cycle through relay/providers?)');

const BY_TYPE = new Map<number, ProviderFamily>(
  FAMILIES.flatMap((family) => family.channelTypes.map((type) => [type, family] as const)),
);

/** The family serving a channel type; the unsupported family when none does. */
export const providerFor = (channelType: number): ProviderFamily =>
  BY_TYPE.get(channelType) ?? unsupportedFamily;

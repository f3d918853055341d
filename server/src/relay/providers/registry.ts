import { ChannelType } from '@relaygate/contract';
import type { WireFormat } from '../wire-format.ts';
import { anthropicFamily } from './anthropic/anthropic-family.ts';
import { geminiFamily } from './gemini/gemini-family.ts';
import { openAIFamily } from './openai/openai-family.ts';
import type { ProviderFamily } from './provider-family.ts';

/** The families by the wire format they speak. */
const BY_FORMAT: Record<WireFormat, ProviderFamily> = {
  openai: openAIFamily,
  anthropic: anthropicFamily,
  gemini: geminiFamily,
};

/** Channel types with a family of their own; every other type is OpenAI-compatible. A new family is one line here. */
const BY_TYPE = new Map<number, ProviderFamily>([
  [ChannelType.Anthropic, anthropicFamily],
  [ChannelType.Gemini, geminiFamily],
]);

export const providerFor = (channelType: number): ProviderFamily => BY_TYPE.get(channelType) ?? openAIFamily;

export const familyOf = (format: WireFormat): ProviderFamily => BY_FORMAT[format];

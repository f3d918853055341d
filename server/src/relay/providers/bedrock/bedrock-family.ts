import { AnthropicToOpenAIChatStream } from '../anthropic/anthropic-stream-to-openai-chat.ts';
import { fromAnthropicMessage } from '../anthropic/anthropic-to-openai-chat.ts';
import type { ProviderFamily, RequestInput, UpstreamRequest } from '../provider-family.ts';
import { pickKey } from '../upstream-target.ts';
import { readBedrockError } from './bedrock-error.ts';
import { BEDROCK_STREAM_FRAMING } from './bedrock-event-stream.ts';
import { toBedrockInvoke } from './bedrock-invoke.ts';
import { parseBedrockKey, type BedrockCredentials } from './bedrock-key.ts';
import { bedrockModelId, isClaudeModelId } from './bedrock-model-id.ts';
import { BEDROCK_MODEL_LISTING } from './bedrock-models.ts';
import {
  bedrockRerankModelArn,
  bedrockRerankTarget,
  bedrockRerankToJina,
  isBedrockRerank,
  toBedrockRerank,
} from './bedrock-rerank.ts';
import { BedrockToOpenAIChatStream } from './bedrock-stream-to-openai-chat.ts';
import { bedrockTarget } from './bedrock-target.ts';
import { fromBedrockAnswer } from './bedrock-to-openai-chat.ts';
import { toBedrockConverse } from './openai-chat-to-bedrock.ts';

/** A chat call: the client's own Anthropic body through InvokeModel, or the chat core through Converse. */
async function chatRequest(
  { endpoint, body, upstreamModel, chat: chatCore, native, channel }: RequestInput,
  credentials: BedrockCredentials,
): Promise<UpstreamRequest | string> {
  const modelId = bedrockModelId(upstreamModel, credentials.region);
  if (native) {
    const action = body.stream ? 'invoke-with-response-stream' : 'invoke';
    return bedrockTarget(channel, credentials, {
      modelId,
      action,
      body: JSON.stringify(toBedrockInvoke(native)),
    });
  }
  const chat = chatCore();
  if (chat === undefined) return `an AWS Bedrock channel cannot serve ${endpoint.path}`;
  if (typeof chat === 'string') return chat;
  const converse = toBedrockConverse(chat, { modelId, thinkingBudget: body.thinkingBudget });
  if (typeof converse === 'string') return converse;
  const action = chat.stream === true ? 'converse-stream' : 'converse';
  return bedrockTarget(channel, credentials, { modelId, action, body: JSON.stringify(converse) });
}

/**
 * AWS Bedrock (type 33, new-api's "AWS Claude"), with new-api's keys: `AK|SK|region` (SigV4) or
 * `apikey|region` (Bearer).
 *
 * - Anthropic Messages calls for a Claude model go through InvokeModel (invoke,
 *   invoke-with-response-stream), as new-api sends them: the client's body passed through with
 *   Bedrock's anthropic_version, so every Anthropic feature (cache_control, thinking, documents,
 *   betas) survives, and the answer goes back as Anthropic sent it.
 * - Every other chat call (OpenAI chat, Responses, Gemini, and Anthropic calls for other models)
 *   keeps the Converse API (converse, converse-stream), converted through the chat core. Converse
 *   is Bedrock's one schema for every model a channel may list (Claude, Nova, Llama, Mistral…),
 *   so one conversion serves them all and reports cache reads and writes the same way; an OpenAI
 *   caller gains nothing from InvokeModel that Converse drops (its tools, images, reasoning and
 *   stop reasons all map), and Converse's answers are the ones recorded in full (text, tool calls,
 *   reasoning, JSON), so that conversion is tested against what Bedrock really sends.
 * - Rerank (/v1/rerank) through the Agent Runtime's Rerank API.
 * Streams are AWS's binary event-stream either way.
 */
export const bedrockFamily: ProviderFamily = {
  name: 'bedrock',
  format: 'bedrock',
  servesChat: true,
  answersIn: ({ wire, endpoint, upstreamModel }) =>
    wire === 'anthropic' && endpoint.kind === 'chat' && isClaudeModelId(upstreamModel)
      ? 'anthropic'
      : 'bedrock',
  async request(input) {
    const { endpoint, body, channel, upstreamModel } = input;
    const credentials = parseBedrockKey(pickKey(channel.row.key));
    if (typeof credentials === 'string') return credentials;
    // Chat and Responses calls alike: whatever has a chat form (chatRequest refuses the rest).
    if (endpoint.kind !== 'rerank') return chatRequest(input, credentials);
    const rerank = toBedrockRerank(body.json ?? {}, bedrockRerankModelArn(upstreamModel, credentials.region));
    if (typeof rerank === 'string') return rerank;
    return bedrockRerankTarget(channel, credentials, rerank);
  },
  streamFraming: BEDROCK_STREAM_FRAMING,
  streamToChat: (upstreamModel, format) =>
    format === 'anthropic' ? new AnthropicToOpenAIChatStream() : new BedrockToOpenAIChatStream(upstreamModel),
  answerToChat(answer, upstreamModel, format) {
    if (format === 'anthropic') return fromAnthropicMessage(answer);
    return isBedrockRerank(answer) ? bedrockRerankToJina(answer) : fromBedrockAnswer(answer, upstreamModel);
  },
  readError: readBedrockError,
  models: BEDROCK_MODEL_LISTING,
  balance: () => undefined,
};

import type { ProviderFamily } from '../provider-family.ts';
import { readBedrockError } from './bedrock-error.ts';
import { BEDROCK_STREAM_FRAMING } from './bedrock-event-stream.ts';
import { parseBedrockKey } from './bedrock-key.ts';
import { bedrockModelId } from './bedrock-model-id.ts';
import { BEDROCK_MODEL_LISTING } from './bedrock-models.ts';
import { BedrockToOpenAIChatStream } from './bedrock-stream-to-openai-chat.ts';
import { bedrockTarget } from './bedrock-target.ts';
import { fromBedrockAnswer } from './bedrock-to-openai-chat.ts';
import { toBedrockConverse } from './openai-chat-to-bedrock.ts';
import { pickKey } from '../upstream-target.ts';

/**
 * AWS Bedrock (type 33, new-api's "AWS Claude"): chat from every client format, through the chat
 * core, by the Converse API (converse, and converse-stream whose answer is AWS's binary
 * event-stream). Keys as new-api takes them: `AK|SK|region` (SigV4) or `apikey|region` (Bearer).
 */
export const bedrockFamily: ProviderFamily = {
  name: 'bedrock',
  format: 'bedrock',
  servesChat: true,
  async request({ endpoint, body, channel, upstreamModel, chat: chatCore }) {
    if (endpoint.kind !== 'chat') return `an AWS Bedrock channel cannot serve ${endpoint.path}`;
    const chat = chatCore();
    if (chat === undefined) return `an AWS Bedrock channel cannot serve ${endpoint.path}`;
    if (typeof chat === 'string') return chat;
    const credentials = parseBedrockKey(pickKey(channel.row.key));
    if (typeof credentials === 'string') return credentials;
    const modelId = bedrockModelId(upstreamModel, credentials.region);
    const converse = toBedrockConverse(chat, { modelId, thinkingBudget: body.thinkingBudget });
    if (typeof converse === 'string') return converse;
    const action = chat.stream === true ? 'converse-stream' : 'converse';
    return bedrockTarget(channel, credentials, { modelId, action, body: JSON.stringify(converse) });
  },
  streamFraming: BEDROCK_STREAM_FRAMING,
  streamToChat: (upstreamModel) => new BedrockToOpenAIChatStream(upstreamModel),
  answerToChat: (answer, upstreamModel) => fromBedrockAnswer(answer, upstreamModel),
  readError: readBedrockError,
  models: BEDROCK_MODEL_LISTING,
  balance: () => undefined,
};

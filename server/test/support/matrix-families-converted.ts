import { ChannelType } from '@relaygate/contract';
import { throwawayServiceAccount } from '../../src/relay/providers/vertex/vertex-account.test-support.ts';
import { collected } from './fixtures.ts';
import { geminiRecordings, type Family } from './matrix-families.ts';
import { anthropicAnswer, anthropicStream } from './matrix-recordings.ts';
import {
  cohereAnswer,
  cohereStream,
  converseAnswer,
  converseStream,
  cozeStream,
  difyAnswer,
  difyStream,
  hunyuanAnswer,
  hunyuanStream,
} from './matrix-recordings-converted.ts';
import type { MockUpstream } from './mock-upstream.ts';

/**
 * The families behind the official clients only (their conversions go through the same chat core
 * the other libraries already cross on the first three): Bedrock by Converse, Gemini and Claude on
 * Vertex AI, Cohere and Dify, each replaying its own provider's recordings. None has a recorded
 * 429, so none is asked for one.
 */
const PROJECT = 'relaygate-matrix';
const vertexPath = (publisher: string, model: string, action: string) =>
  `/v1/projects/${PROJECT}/locations/us-east5/publishers/${publisher}/models/${model}:${action}`;

/** A service account whose token the mock issues. */
const vertexChannel = (mockUrl: string) => ({
  key: throwawayServiceAccount(`${mockUrl}/token`, PROJECT).keyJson,
  other: 'us-east5',
});
const issueVertexTokens = (mock: MockUpstream) =>
  void mock.reply('/token', { json: { access_token: 'ya29.matrix', expires_in: 3599 } });

const VERTEX_CLAUDE = collected('vertex-anthropic/rawPredict.claude-opus-4-6.live-quarkus-readme.json');
const VERTEX_CLAUDE_STREAM = collected(
  'vertex-anthropic/streamRawPredict.claude-sonnet-5.cache-write.live-go-steer.chunks.txt',
);

export function convertedFamilies(): Family[] {
  return [
    {
      // A model other than Claude: Anthropic clients' Claude calls would go through InvokeModel
      // instead (relay-bedrock-invoke.test.ts), whose tool calls are not recorded.
      name: 'Bedrock',
      type: ChannelType.Aws,
      model: 'amazon.nova-pro-v1:0',
      officialClientsOnly: true,
      ratio: 0.4,
      seed: () => ({ key: 'AKIDEXAMPLE|wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY|us-east-1' }),
      chat: {
        text: { plain: converseAnswer('text'), streamed: converseStream('text') },
        tool: { plain: converseAnswer('tool-call.1'), streamed: converseStream('tool-call.1') },
        reasoning: { plain: converseAnswer('reasoning'), streamed: converseStream('reasoning') },
      },
      streamUsageAtEnd: true,
      paths: (model) => [
        `/model/${encodeURIComponent(model)}/converse`,
        `/model/${encodeURIComponent(model)}/converse-stream`,
      ],
    },
    {
      name: 'Vertex Gemini',
      type: ChannelType.VertexAI,
      model: 'gemini-2.0-flash',
      officialClientsOnly: true,
      seed: vertexChannel,
      prepare: issueVertexTokens,
      chat: geminiRecordings(),
      paths: (model) => [
        vertexPath('google', model, 'generateContent'),
        vertexPath('google', model, 'streamGenerateContent'),
      ],
    },
    {
      name: 'Vertex Claude',
      type: ChannelType.VertexAI,
      model: 'claude-sonnet-4-5-20250929',
      officialClientsOnly: true,
      seed: vertexChannel,
      prepare: issueVertexTokens,
      chat: {
        text: { plain: anthropicAnswer(VERTEX_CLAUDE), streamed: anthropicStream(VERTEX_CLAUDE_STREAM) },
        // Vertex answers in Anthropic's own format: Anthropic's recorded tool calls stand in.
        tool: {
          plain: anthropicAnswer('anthropic/anthropic-json-tool.1.json'),
          streamed: anthropicStream('anthropic/anthropic-json-tool.1.chunks.txt'),
        },
      },
      paths: () => [
        vertexPath('anthropic', 'claude-sonnet-4-5@20250929', 'rawPredict'),
        vertexPath('anthropic', 'claude-sonnet-4-5@20250929', 'streamRawPredict'),
      ],
    },
    {
      name: 'Cohere',
      type: ChannelType.Cohere,
      model: 'command-a-03-2025',
      officialClientsOnly: true,
      ratio: 1.25,
      chat: {
        text: { plain: cohereAnswer('cohere-text'), streamed: cohereStream('cohere-text') },
        cutShort: { plain: cohereAnswer('cohere-max-tokens') },
        tool: { plain: cohereAnswer('cohere-tool-call'), streamed: cohereStream('cohere-tool-call') },
        reasoning: { plain: cohereAnswer('cohere-reasoning'), streamed: cohereStream('cohere-reasoning') },
      },
      streamUsageAtEnd: true,
      paths: () => ['/v2/chat'],
    },
    {
      name: 'Dify',
      type: ChannelType.Dify,
      model: 'dify-app',
      officialClientsOnly: true,
      ratio: 1,
      seed: () => ({ key: 'app-matrix-key' }),
      // An app answers text: it takes no tools.
      chat: { text: { plain: difyAnswer(), streamed: difyStream() } },
      streamUsageAtEnd: true,
      paths: () => ['/v1/chat-messages'],
    },
    {
      // Tencent Cloud's own API (TC3-signed), answering text as its documentation shows it.
      name: 'Hunyuan',
      type: ChannelType.Tencent,
      model: 'hunyuan-lite',
      officialClientsOnly: true,
      ratio: 1,
      seed: () => ({ key: '1300000000|AKIDmatrixSecretId|matrixSecretKey' }),
      chat: { text: { plain: hunyuanAnswer(), streamed: hunyuanStream() } },
      streamUsageAtEnd: true,
      paths: () => ['/'],
    },
    {
      // Coze answers by stream only: a call not streamed is folded from the same recording.
      name: 'Coze',
      type: ChannelType.Coze,
      model: 'coze-bot',
      officialClientsOnly: true,
      ratio: 1,
      seed: () => ({ key: 'pat_matrix_token', other: '7379462189365198898' }),
      chat: { text: { plain: cozeStream(), streamed: cozeStream() } },
      streamUsageAtEnd: true,
      paths: () => ['/v3/chat'],
    },
  ];
}

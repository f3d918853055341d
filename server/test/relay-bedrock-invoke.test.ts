import Anthropic from '@anthropic-ai/sdk';
import { ChannelType } from '@relaygate/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBenchSuite } from './support/bench-suite.ts';
import { EVENT_STREAM, exceptionFrame, framesOf, invokeStreamBytes } from './support/bedrock-frames.ts';
import {
  collected,
  collectedAvailable,
  fixtureChunks,
  fixtureJson,
  fixturesAvailable,
} from './support/fixtures.ts';
import { balancesOf, expectedQuota, seedChannel, setRelayOption } from './support/relay-seed.ts';
import { postRerank, RERANK_DOCUMENTS, RERANK_QUERY } from './support/rerank-call.ts';
import { databaseUnavailable } from './support/test-server.ts';

/**
 * Issue #27: Anthropic Messages calls for Claude on an AWS Bedrock channel go through InvokeModel
 * (invoke, invoke-with-response-stream) with the client's body passed through, as new-api sends
 * them, and come back as Anthropic sent them; Rerank goes to the Agent Runtime. The mock replays
 * the recorded InvokeModel answer and the real event-stream frames (upstream-collected/bedrock-invoke)
 * and the recorded Rerank answer (upstream/amazon-bedrock/reranking).
 */
const DIR = 'bedrock-invoke';
const INVOKE_ANSWER = collected(`${DIR}/invoke-model.anthropic.stop_sequence.live-ybalbert001.json`);
const INVOKE_REQUEST = collected(`${DIR}/invoke-model.anthropic.stop_sequence.live-ybalbert001.request.json`);
const STREAM = 'invoke-with-response-stream.anthropic.claude-sonnet-4-5.live-envoy-ai-gateway';
const HAIKU = 'claude-3-haiku-20240307';
const SONNET = 'claude-sonnet-4-5-20250929';
const RERANK = 'amazon.rerank-v1:0';
const RATIOS = { [HAIKU]: 0.125, [SONNET]: 1.5, [RERANK]: 0.5 };
const modelPath = (id: string, action: string) => `/bedrock/model/${encodeURIComponent(id)}/${action}`;

/** The events of an Anthropic SSE stream as the client received them: name and parsed data. */
function sseEvents(text: string): Array<{ event: string; data: unknown }> {
  return text
    .split('\n\n')
    .filter((block) => block.includes('data:'))
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)?.[1] ?? '',
      data: JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as unknown,
    }));
}

describe.skipIf(databaseUnavailable() || !fixturesAvailable || !collectedAvailable)(
  'Anthropic calls for Claude through an AWS Bedrock channel, by InvokeModel',
  () => {
    const suite = useBenchSuite();
    let caller = { key: '', userId: 0, id: 0 };

    beforeAll(async () => {
      const { t, mock, bench, root } = suite;
      await setRelayOption(root, 'ModelRatio', JSON.stringify(RATIOS));
      await setRelayOption(root, 'CompletionRatio', JSON.stringify({ [HAIKU]: 5, [SONNET]: 5 }));
      mock.reply(modelPath(`us.anthropic.${HAIKU}-v1:0`, 'invoke'), { json: fixtureJson(INVOKE_ANSWER) });
      const frames = framesOf(invokeStreamBytes(`${STREAM}.eventstream.bin`));
      mock.handler(modelPath(`us.anthropic.${SONNET}-v1:0`, 'invoke-with-response-stream'), (request) =>
        JSON.stringify(request.json).includes('fail mid-way')
          ? { bytes: [...frames.slice(0, 3), exceptionFrame()], headers: EVENT_STREAM }
          : { bytes: frames, headers: EVENT_STREAM },
      );
      mock.reply('/bedrock/rerank', {
        json: fixtureJson('amazon-bedrock/reranking/amazon-bedrock-reranking.1.json'),
      });
      await seedChannel(t, {
        type: ChannelType.Aws,
        key: 'AKIDEXAMPLE|wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY|us-east-1',
        baseUrl: `${mock.url}/bedrock`,
        models: Object.keys(RATIOS),
        group: 'invoke',
      });
      caller = await bench.callerIn('invoke');
    });

    const anthropic = () => new Anthropic({ apiKey: caller.key, baseURL: suite.t.url, maxRetries: 0 });
    const lastLog = async (count: number) => (await suite.bench.waitLogs('invoke', count)).at(-1)!;
    const lastTo = (path: string) => suite.mock.requestsTo(path).at(-1)!;
    const postMessages = (body: unknown) =>
      fetch(`${suite.t.url}/v1/messages`, {
        method: 'POST',
        headers: {
          'x-api-key': caller.key,
          'content-type': 'application/json',
          'anthropic-version': '2023-06-01',
        },
        body: JSON.stringify(body),
      });

    it("sends the client's body to invoke as it came, SigV4-signed, and gives Bedrock's answer back whole", async () => {
      const recordedRequest = fixtureJson(INVOKE_REQUEST);
      const { anthropic_version: _version, ...call } = recordedRequest;
      const message = await anthropic().messages.create(
        { ...(call as unknown as Anthropic.MessageCreateParamsNonStreaming), model: HAIKU },
        { headers: { 'anthropic-beta': 'context-1m-2025-08-07' } },
      );
      expect(JSON.parse(JSON.stringify(message))).toEqual(fixtureJson(INVOKE_ANSWER));
      const sent = lastTo(modelPath(`us.anthropic.${HAIKU}-v1:0`, 'invoke'));
      expect(sent.json).toEqual({ ...recordedRequest, anthropic_beta: ['context-1m-2025-08-07'] });
      expect(sent.headers.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/bedrock\//,
      );
      const log = await lastLog(1);
      expect(log).toMatchObject({ model_name: HAIKU, prompt_tokens: 111, completion_tokens: 73 });
      expect(Number(log.quota)).toBe(
        expectedQuota({ prompt: 111, completion: 73 }, { model: 0.125, completion: 5 }),
      );
    });

    it('streams the Anthropic events inside the frames to the client unchanged, billed from their usage', async () => {
      const response = await postMessages({
        model: SONNET,
        max_tokens: 100,
        stream: true,
        messages: [{ role: 'user', content: 'Hi' }],
      });
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const recorded = fixtureChunks(collected(`${DIR}/${STREAM}.decoded-bytes.chunks.txt`)).map(
        (line) => JSON.parse(line) as { type: string },
      );
      expect(sseEvents(await response.text())).toEqual(recorded.map((data) => ({ event: data.type, data })));
      const sent = lastTo(modelPath(`us.anthropic.${SONNET}-v1:0`, 'invoke-with-response-stream'));
      expect(sent.json).toEqual({
        max_tokens: 100,
        messages: [{ role: 'user', content: 'Hi' }],
        anthropic_version: 'bedrock-2023-05-31',
      });
      expect(await lastLog(2)).toMatchObject({
        model_name: SONNET,
        prompt_tokens: 10,
        completion_tokens: 15,
      });
    });

    it('ends a stream that fails mid-way with an Anthropic error event, charging only what Bedrock said was used', async () => {
      const before = await balancesOf(suite.t, caller.userId, caller.id);
      const stream = anthropic().messages.stream({
        model: SONNET,
        max_tokens: 100,
        messages: [{ role: 'user', content: 'fail mid-way' }],
      });
      let text = '';
      stream.on('text', (delta) => (text += delta));
      await expect(stream.finalMessage()).rejects.toThrow(/modelStreamErrorException: Model Stream Error/);
      expect(text).toBe('Hi');
      // message_start said 10 in and 1 out: that much is billed, once, and the rest of the reservation returned.
      const log = await lastLog(3);
      expect(log).toMatchObject({ prompt_tokens: 10, completion_tokens: 1 });
      const charged = expectedQuota({ prompt: 10, completion: 1 }, { model: 1.5, completion: 5 });
      expect(Number(log.quota)).toBe(charged);
      expect((await balancesOf(suite.t, caller.userId, caller.id)).user).toBe(before.user - charged);
    });

    it('reranks through the Agent Runtime with the model by its ARN, billed by the texts counted here', async () => {
      const response = await postRerank(suite.t.url, caller.key, RERANK);
      expect(response.status).toBe(200);
      const recorded = fixtureJson<{ results: Array<{ index: number; relevanceScore: number }> }>(
        'amazon-bedrock/reranking/amazon-bedrock-reranking.1.json',
      );
      expect(((await response.json()) as { results: unknown }).results).toEqual(
        recorded.results.map(({ index, relevanceScore }) => ({ index, relevance_score: relevanceScore })),
      );
      const sent = lastTo('/bedrock/rerank');
      expect(sent.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 .*\/us-east-1\/bedrock\/aws4_request/);
      expect(sent.json).toEqual({
        queries: [{ type: 'TEXT', textQuery: { text: RERANK_QUERY } }],
        sources: RERANK_DOCUMENTS.map((text) => ({
          type: 'INLINE',
          inlineDocumentSource: { type: 'TEXT', textDocument: { text } },
        })),
        rerankingConfiguration: {
          type: 'BEDROCK_RERANKING_MODEL',
          bedrockRerankingConfiguration: {
            numberOfResults: 2,
            modelConfiguration: { modelArn: `arn:aws:bedrock:us-east-1::foundation-model/${RERANK}` },
          },
        },
      });
      const log = await lastLog(4);
      expect(log.model_name).toBe(RERANK);
      expect(log.prompt_tokens).toBeGreaterThan(10);
      expect(JSON.parse(log.other!)).toMatchObject({ local_count: true });
    });
  },
);

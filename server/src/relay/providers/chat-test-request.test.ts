import { ChannelType } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { anthropicFamily } from './anthropic/anthropic-family.ts';
import { azureFamily } from './azure/azure-family.ts';
import { chatTestRequest, testChat } from './chat-test-request.ts';
import { geminiFamily } from './gemini/gemini-family.ts';
import { openAIFamily } from './openai/openai-family.ts';
import { noSettings, testChannel } from './test-channel.test-support.ts';

const sent = async (pending: ReturnType<typeof chatTestRequest>) => {
  const request = await pending;
  if (typeof request === 'string') throw new Error(request);
  return { url: request.url, body: JSON.parse(request.body as string) as Record<string, unknown> };
};

describe("a channel test's request", () => {
  it('is a one-line chat of at most 16 tokens, not streamed', () => {
    expect(testChat('m')).toMatchObject({
      model: 'm',
      stream: false,
      json: { model: 'm', messages: [{ role: 'user', content: 'hi' }], max_tokens: 16 },
    });
  });

  it("is each family's own request, for the mapped upstream model", async () => {
    const openai = await sent(chatTestRequest(openAIFamily, noSettings, testChannel({ type: 1 }), 'a', 'b'));
    expect(openai.url).toBe('https://upstream.example/v1/chat/completions');
    expect(openai.body).toMatchObject({ model: 'b', max_tokens: 16 });
    expect(openai.body.stream_options).toBeUndefined();
    const azure = await sent(
      chatTestRequest(azureFamily, noSettings, testChannel({ type: 3 }), 'a', 'gpt-4.1'),
    );
    expect(azure.url).toMatch(/\/openai\/deployments\/gpt-41\/chat\/completions\?api-version=/);
    const claude = await sent(
      chatTestRequest(
        anthropicFamily,
        noSettings,
        testChannel({ type: ChannelType.Anthropic }),
        'a',
        'claude-x',
      ),
    );
    expect(claude.url).toBe('https://upstream.example/v1/messages');
    expect(claude.body).toMatchObject({ model: 'claude-x', max_tokens: 16 });
    const gemini = await sent(
      chatTestRequest(geminiFamily, noSettings, testChannel({ type: ChannelType.Gemini }), 'a', 'gemini-x'),
    );
    expect(gemini.url).toBe('https://upstream.example/v1beta/models/gemini-x:generateContent');
    expect(gemini.body.contents).toEqual([{ role: 'user', parts: [{ text: 'hi' }] }]);
  });
});

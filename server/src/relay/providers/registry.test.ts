import { ChannelType } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { CHANNEL_TYPES } from '../../providers/channel-types.ts';
import { chatTestRequest } from './chat-test-request.ts';
import type { ProviderFamily } from './provider-family.ts';
import { FAMILIES, providerFor } from './registry.ts';
import { noSettings, testChannel } from './test-channel.test-support.ts';

/** Catalogue types no family serves yet: each must be listed here, so a type added without one fails. */
const NOT_SERVED_YET = [2, 5, 15, 16, 36, 44, 49];

/** Every member of ProviderFamily: a family missing one would fail to compile, a wrong kind fails here. */
const MEMBERS: Record<
  keyof ProviderFamily,
  'string' | 'boolean' | 'object' | 'function' | 'object?' | 'function?'
> = {
  name: 'string',
  format: 'string',
  channelTypes: 'object',
  servesChat: 'boolean',
  request: 'function',
  answersIn: 'function?',
  streamFraming: 'object?',
  streamToChat: 'function',
  answerToChat: 'function',
  readError: 'function',
  models: 'object',
  balance: 'function',
};

describe.each(FAMILIES.map((family) => [family.name, family] as const))('the %s family', (_, family) => {
  it('has every member of the interface, of its kind', () => {
    for (const [member, kind] of Object.entries(MEMBERS)) {
      const kinds = kind.endsWith('?') ? [kind.slice(0, -1), 'undefined'] : [kind];
      expect(kinds, member).toContain(typeof family[member as keyof ProviderFamily]);
    }
    // A client's wire format (its calls pass through), or a name of its own (always converted).
    expect(family.format).toMatch(/^[a-z][a-z-]*$/);
  });

  it('answers a tiny chat with a request to its channel, or a reason when it cannot serve chat', async () => {
    const type = family.channelTypes[0] ?? 2;
    // Bedrock's keys name their region (new-api's `apikey|region`).
    const key = type === ChannelType.Aws ? 'sk-test|us-east-1' : 'sk-test';
    const request = await chatTestRequest(family, noSettings, testChannel({ type, key }), 'm-1', 'm-1');
    if (!family.servesChat) {
      expect(request).toEqual(expect.any(String));
      return;
    }
    if (typeof request === 'string') throw new Error(request);
    expect(request.url.startsWith('https://upstream.example/')).toBe(true);
    expect(JSON.stringify(request.headers)).toContain('sk-test');
    expect(JSON.parse(request.body as string)).toBeTypeOf('object');
  });

  it('reads an error body into a message, and lists and balances in its own way', async () => {
    const error = family.readError(500, { 'retry-after': '2' }, '{"error":{"message":"boom"}}');
    expect(error).toMatchObject({ message: 'boom', retryAfterSeconds: 2 });
    const listUrl = family.models.url('https://u.example');
    expect(listUrl ?? 'https://u.example/none').toMatch(/^https:\/\/u\.example\//);
    // A family without a model list (null) is never asked for the list's headers.
    if (listUrl !== null) expect(JSON.stringify(await family.models.headers('k-1'))).toContain('k-1');
    expect(family.models.ids({ unrelated: true })).toBeNull();
    const balance = family.balance(family.channelTypes[0] ?? 2);
    expect(balance === undefined || typeof balance === 'function').toBe(true);
  });

  it('converts streams and answers for its format, or passes OpenAI ones on', () => {
    const stream = family.streamToChat('m-1');
    expect(stream === null).toBe(family.format === 'openai');
    expect(family.answerToChat({}, 'm-1')).toHaveProperty('body');
  });
});

describe('provider registry', () => {
  it('maps Claude, Gemini, Azure, Cohere, Bedrock, Vertex and Dify to their families, OpenAI-compatible types to OpenAI', () => {
    expect(providerFor(ChannelType.Anthropic).name).toBe('anthropic');
    expect(providerFor(ChannelType.Gemini).name).toBe('gemini');
    expect(providerFor(ChannelType.Azure).name).toBe('azure');
    expect(providerFor(ChannelType.Cohere).name).toBe('cohere');
    expect(providerFor(ChannelType.Aws).name).toBe('bedrock');
    expect(providerFor(ChannelType.VertexAI).name).toBe('vertex');
    expect(providerFor(ChannelType.Dify).name).toBe('dify');
    for (const type of [ChannelType.OpenAI, ChannelType.Custom, ChannelType.DeepSeek, ChannelType.xAI])
      expect(providerFor(type).name, String(type)).toBe('openai');
    expect(providerFor(ChannelType.Unknown).name).toBe('openai');
  });

  it('sends types without an adaptor, listed or not, to the unsupported family', () => {
    for (const type of [ChannelType.Midjourney, ChannelType.SunoAPI, 15, 9999])
      expect(providerFor(type).name, String(type)).toBe('unsupported');
    expect(providerFor(9999).servesChat).toBe(false);
  });

  it('gives every catalogue type one family that claims it, unless it is listed as not served yet', () => {
    const claimed = FAMILIES.flatMap((family) => family.channelTypes);
    expect(new Set(claimed).size).toBe(claimed.length);
    const unclaimed = CHANNEL_TYPES.map(({ id }) => id).filter((id) => !claimed.includes(id));
    expect(unclaimed).toEqual(NOT_SERVED_YET);
    for (const id of NOT_SERVED_YET) expect(providerFor(id).name, String(id)).toBe('unsupported');
    expect(new Set(FAMILIES.map((family) => family.name)).size).toBe(FAMILIES.length);
  });

  it('sends the retired types to the retired family, which refuses every call saying why', async () => {
    for (const type of [ChannelType.PaLM, ChannelType.AIProxyLibrary])
      expect(providerFor(type).name, String(type)).toBe('retired');
    expect(await chatTestRequest(providerFor(11), noSettings, testChannel({ type: 11 }), 'm', 'm')).toBe(
      "channel type 11 (Google PaLM) can no longer be served: the provider's API no longer exists; edit the channel and pick another type",
    );
  });
});

import { ChannelType } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { CHANNEL_TYPES } from '../../providers/channel-types.ts';
import { chatTestRequest } from './chat-test-request.ts';
import type { ProviderFamily } from './provider-family.ts';
import { FAMILIES, providerFor } from './registry.ts';
import { noSettings, testChannel } from './test-channel.test-support.ts';

/** Every member of ProviderFamily: a family missing one would fail to compile, a wrong kind fails here. */
const MEMBERS: Record<keyof ProviderFamily, 'string' | 'boolean' | 'object' | 'function'> = {
  name: 'string',
  format: 'string',
  channelTypes: 'object',
  servesChat: 'boolean',
  request: 'function',
  streamToChat: 'function',
  answerToChat: 'function',
  readError: 'function',
  models: 'object',
  balance: 'function',
};

describe.each(FAMILIES.map((family) => [family.name, family] as const))('the %s family', (_, family) => {
  it('has every member of the interface, of its kind', () => {
    for (const [member, kind] of Object.entries(MEMBERS))
      expect(typeof family[member as keyof ProviderFamily], member).toBe(kind);
    // A client's wire format (its calls pass through), or a name of its own (always converted).
    expect(family.format).toMatch(/^[a-z][a-z-]*$/);
  });

  it('answers a tiny chat with a request to its channel, or a reason when it cannot serve chat', () => {
    const type = family.channelTypes[0] ?? 2;
    const request = chatTestRequest(family, noSettings, testChannel({ type }), 'm-1', 'm-1');
    if (!family.servesChat) {
      expect(request).toEqual(expect.any(String));
      return;
    }
    if (typeof request === 'string') throw new Error(request);
    expect(request.url.startsWith('https://upstream.example/')).toBe(true);
    expect(JSON.stringify(request.headers)).toContain('sk-test');
    expect(JSON.parse(request.body as string)).toBeTypeOf('object');
  });

  it('reads an error body into a message, and lists and balances in its own way', () => {
    const error = family.readError(500, { 'retry-after': '2' }, '{"error":{"message":"boom"}}');
    expect(error).toMatchObject({ message: 'boom', retryAfterSeconds: 2 });
    expect(family.models.url('https://u.example')).toMatch(/^https:\/\/u\.example\//);
    expect(JSON.stringify(family.models.headers('k-1'))).toContain('k-1');
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
  it('maps Claude, Gemini, Azure and Cohere to their families, OpenAI-compatible types to OpenAI', () => {
    expect(providerFor(ChannelType.Anthropic).name).toBe('anthropic');
    expect(providerFor(ChannelType.Gemini).name).toBe('gemini');
    expect(providerFor(ChannelType.Azure).name).toBe('azure');
    expect(providerFor(ChannelType.Cohere).name).toBe('cohere');
    for (const type of [ChannelType.OpenAI, ChannelType.Custom, ChannelType.DeepSeek, ChannelType.xAI])
      expect(providerFor(type).name, String(type)).toBe('openai');
    expect(providerFor(ChannelType.Unknown).name).toBe('openai');
  });

  it('sends types without an adaptor, listed or not, to the unsupported family', () => {
    for (const type of [ChannelType.Midjourney, ChannelType.SunoAPI, 15, 9999])
      expect(providerFor(type).name, String(type)).toBe('unsupported');
    expect(providerFor(9999).servesChat).toBe(false);
  });

  it('gives every catalogue type one family, and no type to two', () => {
    const claimed = FAMILIES.flatMap((family) => family.channelTypes);
    expect(new Set(claimed).size).toBe(claimed.length);
    for (const { id } of CHANNEL_TYPES) expect(FAMILIES).toContain(providerFor(id));
    expect(new Set(FAMILIES.map((family) => family.name)).size).toBe(FAMILIES.length);
  });
});

import { ChannelType } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { CHANNEL_TYPES, channelTypeInfo, type ChannelTypeInfo } from '../../providers/channel-types.ts';
import { chatTestRequest } from './chat-test-request.ts';
import type { ProviderFamily } from './provider-family.ts';
import { FAMILIES, providerFor } from './registry.ts';
import { noSettings, testChannel } from './test-channel.test-support.ts';

/** Catalogue types no family serves yet: each must be listed here, so a type added without one fails. */
const NOT_SERVED_YET = [2, 5, 15, 16, 36, 44, 49];

/** A channel of `info`'s type as an operator fills the form in: a key in its usual format, its `other` when required. */
const channelAsTheFormFillsIt = (info: ChannelTypeInfo) =>
  testChannel({
    type: info.id,
    key: info.keyFormats[0]!.example,
    other: info.other?.required ? info.other.placeholder : null,
  });

/** Every member of ProviderFamily: a family missing one would fail to compile, a wrong kind fails here. */
const MEMBERS: Record<keyof ProviderFamily, 'string' | 'boolean' | 'object' | 'function' | 'object?'> = {
  name: 'string',
  format: 'string',
  servesChat: 'boolean',
  request: 'function',
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
      const kinds = kind === 'object?' ? ['object', 'undefined'] : [kind];
      expect(kinds, member).toContain(typeof family[member as keyof ProviderFamily]);
    }
    // A client's wire format (its calls pass through), or a name of its own (always converted).
    expect(family.format).toMatch(/^[a-z][a-z-]*$/);
  });

  it('reads an error body into a message, and lists and balances in its own way', async () => {
    const error = family.readError(500, { 'retry-after': '2' }, '{"error":{"message":"boom"}}');
    expect(error).toMatchObject({ message: 'boom', retryAfterSeconds: 2 });
    const listUrl = family.models.url('https://u.example');
    expect(listUrl ?? 'https://u.example/none').toMatch(/^https:\/\/u\.example\//);
    // A family without a model list (null) is never asked for the list's headers.
    if (listUrl !== null) expect(JSON.stringify(await family.models.headers('k-1'))).toContain('k-1');
    expect(family.models.ids({ unrelated: true })).toBeNull();
    const balance = family.balance(CHANNEL_TYPES.find((info) => info.family === family.name)?.id ?? 2);
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

  it('names, for every catalogue type, a family that serves it, unless it is listed as not served yet', () => {
    const unserved = CHANNEL_TYPES.filter(({ family }) => family === 'unsupported').map(({ id }) => id);
    expect(unserved).toEqual(NOT_SERVED_YET);
    for (const info of CHANNEL_TYPES) expect(providerFor(info.id).name, info.name).toBe(info.family);
    // Every family serves some type: none is left behind by a catalogue edit.
    for (const family of FAMILIES)
      expect(
        CHANNEL_TYPES.some((info) => info.family === family.name),
        family.name,
      ).toBe(true);
    expect(new Set(CHANNEL_TYPES.map(({ id }) => id)).size).toBe(CHANNEL_TYPES.length);
  });

  // Vertex's key is a service account whose token is fetched first: its own tests serve it.
  it.each(
    CHANNEL_TYPES.filter(({ family }) => !['unsupported', 'retired', 'vertex'].includes(family)).map(
      (info) => [info.id, info.name, info] as const,
    ),
  )('makes type %i (%s) a chat request from a key in its usual format', async (_, __, info) => {
    const family = providerFor(info.id);
    const request = await chatTestRequest(family, noSettings, channelAsTheFormFillsIt(info), 'm-1', 'm-1');
    if (typeof request === 'string') throw new Error(request);
    expect(request.url.startsWith('https://upstream.example/')).toBe(true);
    expect(JSON.parse(request.body as string)).toBeTypeOf('object');
  });

  it('refuses a chat through a type it does not serve, saying why', async () => {
    for (const id of [...NOT_SERVED_YET, 11, 21]) {
      const info = channelTypeInfo(id)!;
      const request = await chatTestRequest(
        providerFor(id),
        noSettings,
        channelAsTheFormFillsIt(info),
        'm',
        'm',
      );
      expect(request, info.name).toEqual(expect.any(String));
    }
  });

  it('sends the retired types to the retired family, which refuses every call saying why', async () => {
    for (const type of [ChannelType.PaLM, ChannelType.AIProxyLibrary])
      expect(providerFor(type).name, String(type)).toBe('retired');
    expect(await chatTestRequest(providerFor(11), noSettings, testChannel({ type: 11 }), 'm', 'm')).toBe(
      "channel type 11 (Google PaLM) can no longer be served: the provider's API no longer exists; edit the channel and pick another type",
    );
  });
});

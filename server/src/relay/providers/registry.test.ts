import { ChannelType } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { CHANNEL_TYPES, channelTypeInfo, type ChannelTypeInfo } from '../../providers/channel-types.ts';
import { chatTestRequest } from './chat-test-request.ts';
import type { ProviderFamily } from './provider-family.ts';
import { FAMILIES, providerFor, providerForChannel } from './registry.ts';
import { noSettings, testChannel } from './test-channel.test-support.ts';

/** Catalogue types no chat family serves (the task routes serve 2, 5, 50, 52 and 54): each must be listed here, so a type added without one fails. */
const NOT_SERVED_YET = [2, 5, 15, 36, 44, 50, 51, 52, 54];

/** A channel of `info`'s type as an operator fills the form in: a key in its usual format, its `other` as suggested. */
const channelAsTheFormFillsIt = (info: ChannelTypeInfo, keyFormat = 0) =>
  testChannel({
    type: info.id,
    key: info.keyFormats[keyFormat]!.example,
    other: info.other ? info.other.placeholder : null,
  });

/** Every member of ProviderFamily: a family missing one would fail to compile, a wrong kind fails here. */
const MEMBERS: Record<
  keyof ProviderFamily,
  'string' | 'boolean' | 'object' | 'function' | 'object?' | 'function?'
> = {
  name: 'string',
  format: 'string',
  servesChat: 'boolean',
  request: 'function',
  answersIn: 'function?',
  streamFraming: 'object?',
  streamToChat: 'function',
  answerToChat: 'function',
  readError: 'function',
  failureInAnswer: 'function?',
  forKey: 'function?',
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
  it('maps Claude, Gemini, Azure, Cohere, Bedrock, Vertex, Dify, Hunyuan and Coze to their families, OpenAI-compatible types to OpenAI', () => {
    expect(providerFor(ChannelType.Anthropic).name).toBe('anthropic');
    expect(providerFor(ChannelType.Gemini).name).toBe('gemini');
    expect(providerFor(ChannelType.Azure).name).toBe('azure');
    expect(providerFor(ChannelType.Cohere).name).toBe('cohere');
    expect(providerFor(ChannelType.Aws).name).toBe('bedrock');
    expect(providerFor(ChannelType.VertexAI).name).toBe('vertex');
    expect(providerFor(ChannelType.Dify).name).toBe('dify');
    expect(providerFor(ChannelType.Tencent).name).toBe('hunyuan');
    expect(providerFor(ChannelType.Coze).name).toBe('coze');
    expect(providerFor(ChannelType.Zhipu).name).toBe('openai');
    for (const type of [ChannelType.OpenAI, ChannelType.Custom, ChannelType.DeepSeek, ChannelType.xAI])
      expect(providerFor(type).name, String(type)).toBe('openai');
    expect(providerFor(ChannelType.Unknown).name).toBe('openai');
  });

  it("serves a Hunyuan channel by its key: a TC3 key triple by the hunyuan family, an API key by OpenAI's", () => {
    const ofKey = (key: string) => providerForChannel(testChannel({ type: ChannelType.Tencent, key })).name;
    expect(ofKey('1300000000|AKIDexample|s3cret')).toBe('hunyuan');
    expect(ofKey('sk-hunyuan')).toBe('openai');
    expect(providerForChannel(testChannel({ type: ChannelType.Cohere, key: 'a|b|c' })).name).toBe('cohere');
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
    CHANNEL_TYPES.filter(({ family }) => !['unsupported', 'retired', 'vertex'].includes(family)).flatMap(
      (info) => info.keyFormats.map((format, index) => [info.id, format.label.en, info, index] as const),
    ),
  )(
    'makes type %i a chat request from a key written as its form offers (%s)',
    async (_, __, info, format) => {
      const channel = channelAsTheFormFillsIt(info, format);
      const request = await chatTestRequest(providerForChannel(channel), noSettings, channel, 'm-1', 'm-1');
      if (typeof request === 'string') throw new Error(request);
      expect(request.url.startsWith('https://upstream.example/')).toBe(true);
      expect(JSON.parse(request.body as string)).toBeTypeOf('object');
    },
  );

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

import { describe, expect, it } from 'vitest';
import { OPENAI_ENDPOINTS } from '../call/endpoints.ts';
import { RelayError } from '../call/relay-error.ts';
import type { ClientFormat } from '../formats/format-names.ts';
import type { ClientAdaptor, ClientCall } from './client-adaptor.ts';
import { geminiEndpoint } from './gemini/gemini-target.ts';
import { CLIENT_FORMATS, clientAdaptor, sharedPathFormat } from './registry.ts';

const endpoint = (path: string) => OPENAI_ENDPOINTS.find((e) => e.path === path)!;

/** One well-formed call per format, saying "hi" to model m1 (a new format must add its own). */
const CALLS: Record<ClientFormat, ClientCall> = {
  openai: {
    endpoint: endpoint('/v1/chat/completions'),
    body: { model: 'm1', messages: [{ role: 'user', content: 'hi' }] },
    headers: {},
  },
  responses: { endpoint: endpoint('/v1/responses'), body: { model: 'm1', input: 'hi' }, headers: {} },
  anthropic: {
    endpoint: { path: '/v1/messages', kind: 'chat' },
    body: { model: 'm1', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] },
    headers: { 'anthropic-version': '2023-06-01' },
  },
  gemini: {
    endpoint: geminiEndpoint('generateContent'),
    body: { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] },
    headers: {},
    params: { target: 'm1:generateContent' },
  },
};

/** Every member of ClientAdaptor: an adaptor missing one does not compile, one with extra shows here. */
const MEMBERS: Array<keyof ClientAdaptor> = [
  'wire',
  'readRequest',
  'chatCore',
  'streamFromChat',
  'answerFromChat',
  'errorBody',
  'streamError',
  'modelList',
  'modelEntry',
];
/** Members an adaptor may leave out (OpenAI's shape is the default one). */
const OPTIONAL: Array<keyof ClientAdaptor> = ['recognises'];

const CHAT_ANSWER = {
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1,
  model: 'm1',
  choices: [{ index: 0, message: { role: 'assistant', content: 'hello there' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
};

describe.each(CLIENT_FORMATS)('the %s client adaptor', (format) => {
  const adaptor = clientAdaptor(format);
  const call = CALLS[format];

  it('has every member of the interface, and only those', () => {
    const keys = Object.keys(adaptor) as Array<keyof ClientAdaptor>;
    expect(keys.filter((key) => !OPTIONAL.includes(key)).sort()).toEqual([...MEMBERS].sort());
    expect(keys.every((key) => MEMBERS.includes(key) || OPTIONAL.includes(key))).toBe(true);
  });

  it('passes through to channels of a wire format, its own where it is one', () => {
    expect(['openai', 'anthropic', 'gemini']).toContain(adaptor.wire);
    if (format !== 'responses') expect(adaptor.wire).toBe(format);
  });

  it('reads a well-formed call into a body of its own format, with its chat core', () => {
    const body = adaptor.readRequest(call);
    expect(body).toMatchObject({ model: 'm1', stream: false, clientFormat: format });
    const chat = adaptor.chatCore(body, call.endpoint);
    expect(chat).toMatchObject({ model: 'm1' });
    expect(JSON.stringify((chat as { messages: unknown }).messages)).toContain('hi');
  });

  it('refuses a body that is not an object with a 400', () => {
    expect(() => adaptor.readRequest({ ...call, body: [1, 2] })).toThrow(
      expect.objectContaining({ status: 400 }) as Error,
    );
  });

  it('answers, streams, errs and lists models in some shape of its own', () => {
    expect(JSON.stringify(adaptor.answerFromChat(CHAT_ANSWER, 'm1'))).toContain('hello there');
    const converter = adaptor.streamFromChat('m1');
    if (converter) expect(typeof converter.push).toBe('function');
    else expect(['openai']).toContain(format);
    const error = adaptor.errorBody(new RelayError(404, 'no such model', 'model_not_found'), 'req-7');
    expect(JSON.stringify(error)).toMatch(/no such model \(request id: req-7\)/);
    expect(adaptor.streamError('went away')).toMatch(/^(event: error\n)?data: .*went away/);
    expect(JSON.stringify(adaptor.modelList(['m1', 'm2']))).toMatch(/m1.*m2/);
    expect(JSON.stringify(adaptor.modelEntry('m1'))).toContain('m1');
  });
});

describe('sharedPathFormat: which library asks for the model list or an unknown path', () => {
  const asked = (url: string, headers: Record<string, string> = {}, query: object = {}) =>
    sharedPathFormat({ url, headers, query });

  it("answers in Anthropic's shape when anthropic-version comes, whatever carries the key", () => {
    expect(asked('/v1/models', { 'anthropic-version': '2023-06-01', 'x-api-key': 'k' })).toBe('anthropic');
    expect(asked('/v1/models', { 'anthropic-version': '2023-06-01', authorization: 'Bearer k' })).toBe(
      'anthropic',
    );
  });

  it("answers in Gemini's shape for Google's key in its header or ?key=, or a /v1beta path", () => {
    expect(asked('/v1/models', { 'x-goog-api-key': 'k' })).toBe('gemini');
    expect(asked('/v1/models', {}, { key: 'k' })).toBe('gemini');
    expect(asked('/v1beta/files')).toBe('gemini');
    expect(asked('/v1/models', {}, { key: '' })).toBe('openai');
  });

  it("answers in OpenAI's shape otherwise", () => {
    expect(asked('/v1/models', { authorization: 'Bearer k' })).toBe('openai');
    expect(asked('/v1/no-such-thing')).toBe('openai');
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testChannel } from '../test-channel.test-support.ts';
import { throwawayServiceAccount } from './vertex-account.test-support.ts';
import { publisherOf, vertexClaudeModel, vertexKeyMode, vertexTarget } from './vertex-target.ts';

let server: Server;
let tokenUri = '';

beforeAll(async () => {
  server = createServer((_req, res) =>
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end('{"access_token":"ya29.t","expires_in":3599}'),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  tokenUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const account = () => throwawayServiceAccount(tokenUri, 'proj-1').keyJson;
const VERTEX = 41;

describe('a Vertex target', () => {
  it('picks the publisher by model name and gives Claude models their Vertex names', () => {
    expect(publisherOf('claude-sonnet-4-5')).toBe('anthropic');
    expect(publisherOf('gemini-2.5-flash')).toBe('google');
    expect(publisherOf('text-embedding-005')).toBe('google');
    expect(vertexClaudeModel('claude-sonnet-4-5-20250929')).toBe('claude-sonnet-4-5@20250929');
    expect(vertexClaudeModel('claude-3-5-sonnet-20241022')).toBe('claude-3-5-sonnet-v2@20241022');
    expect(vertexClaudeModel('claude-opus-4-6')).toBe('claude-opus-4-6');
    expect(vertexClaudeModel('claude-3-5-sonnet@20240620')).toBe('claude-3-5-sonnet@20240620');
  });

  it('builds the regional URL per publisher, with the token as Bearer', async () => {
    const channel = testChannel({ type: VERTEX, key: account(), base_url: '', other: 'us-east5' });
    const claude = await vertexTarget({
      channel,
      requestedModel: 'claude-sonnet-4-5',
      model: 'claude-sonnet-4-5@20250929',
      publisher: 'anthropic',
      action: 'rawPredict',
    });
    expect(claude.url).toBe(
      'https://us-east5-aiplatform.googleapis.com/v1/projects/proj-1/locations/us-east5/publishers/anthropic/models/claude-sonnet-4-5@20250929:rawPredict',
    );
    expect(claude.headers.authorization).toBe('Bearer ya29.t');
    const gemini = await vertexTarget({
      channel,
      requestedModel: 'gemini-2.5-flash',
      model: 'gemini-2.5-flash',
      publisher: 'google',
      action: 'streamGenerateContent?alt=sse',
    });
    expect(gemini.url).toBe(
      'https://us-east5-aiplatform.googleapis.com/v1/projects/proj-1/locations/us-east5/publishers/google/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
    );
  });

  it("uses the global host for global, a model's region from the JSON map, and the channel's own base URL", async () => {
    const call = {
      requestedModel: 'gemini-2.5-pro',
      model: 'gemini-2.5-pro',
      publisher: 'google' as const,
      action: 'generateContent',
    };
    const regions = JSON.stringify({ default: 'global', 'gemini-2.5-pro': 'europe-west4' });
    const global = await vertexTarget({
      ...call,
      requestedModel: 'x',
      model: 'gemini-2.5-flash',
      channel: testChannel({ type: VERTEX, key: account(), base_url: '', other: regions }),
    });
    expect(global.url).toBe(
      'https://aiplatform.googleapis.com/v1/projects/proj-1/locations/global/publishers/google/models/gemini-2.5-flash:generateContent',
    );
    const mapped = await vertexTarget({
      ...call,
      channel: testChannel({ type: VERTEX, key: account(), base_url: '', other: regions }),
    });
    expect(mapped.url).toMatch(
      /^https:\/\/europe-west4-aiplatform\.googleapis\.com\/v1\/projects\/proj-1\/locations\/europe-west4\//,
    );
    const proxied = await vertexTarget({
      ...call,
      channel: testChannel({
        type: VERTEX,
        key: account(),
        base_url: 'https://proxy.example/',
        other: 'us-central1',
      }),
    });
    expect(proxied.url).toBe(
      'https://proxy.example/v1/projects/proj-1/locations/us-central1/publishers/google/models/gemini-2.5-pro:generateContent',
    );
  });

  it('sends an API key (declared, or any key that is not JSON) to Google models only, in x-goog-api-key', async () => {
    const declared = testChannel({
      type: VERTEX,
      key: 'AIza-1',
      base_url: '',
      other: 'global',
      settings: '{"vertex_key_type":"api_key"}',
    });
    expect(vertexKeyMode(declared)).toBe('api-key');
    expect(vertexKeyMode(testChannel({ type: VERTEX, key: account() }))).toBe('service-account');
    const target = await vertexTarget({
      channel: declared,
      requestedModel: 'gemini-2.5-flash',
      model: 'gemini-2.5-flash',
      publisher: 'google',
      action: 'generateContent',
    });
    expect(target).toEqual({
      url: 'https://aiplatform.googleapis.com/v1/publishers/google/models/gemini-2.5-flash:generateContent',
      headers: { 'x-goog-api-key': 'AIza-1' },
    });
    await expect(
      vertexTarget({
        channel: declared,
        requestedModel: 'claude-opus-4-6',
        model: 'claude-opus-4-6',
        publisher: 'anthropic',
        action: 'rawPredict',
      }),
    ).rejects.toThrow(
      'Vertex AI: an API key only reaches Google models; claude-opus-4-6 needs a service account JSON key',
    );
  });

  it("refuses a key declared as JSON that is not a service account's, naming the expected format", async () => {
    const channel = testChannel({ type: VERTEX, key: 'AIza-1', settings: '{"vertex_key_type":"json"}' });
    await expect(
      vertexTarget({
        channel,
        requestedModel: 'm',
        model: 'm',
        publisher: 'google',
        action: 'generateContent',
      }),
    ).rejects.toThrow('the key must be a service account JSON key');
  });
});

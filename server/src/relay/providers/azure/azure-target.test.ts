import { describe, expect, it } from 'vitest';
import { testChannel } from '../test-channel.test-support.ts';
import { AZURE_DEFAULT_API_VERSION } from '../../../providers/channel-type-fields.ts';
import { azureTarget } from './azure-target.ts';

const azure = (fields: Parameters<typeof testChannel>[0]) =>
  testChannel({ base_url: 'https://res.openai.azure.com', key: 'az-key', ...fields });

describe('azureTarget', () => {
  it("calls the model's deployment (dots removed) with the channel's API version and api-key", () => {
    const target = azureTarget(
      azure({ type: 3, other: ' 2024-10-21 ' }),
      '/v1/chat/completions',
      'gpt-4.1-mini',
    );
    expect(target).toEqual({
      url: 'https://res.openai.azure.com/openai/deployments/gpt-41-mini/chat/completions?api-version=2024-10-21',
      headers: { 'api-key': 'az-key' },
    });
  });

  it('uses the default API version without one, encodes the deployment, and applies header overrides', () => {
    const channel = azure({ type: 3, header_override: '{"X-Trace":"on"}' });
    const target = azureTarget(channel, '/v1/embeddings', 'my model');
    expect(target.url).toBe(
      `https://res.openai.azure.com/openai/deployments/my%20model/embeddings?api-version=${AZURE_DEFAULT_API_VERSION}`,
    );
    expect(target.headers).toEqual({ 'api-key': 'az-key', 'x-trace': 'on' });
    expect(target.headers.authorization).toBeUndefined();
  });
});

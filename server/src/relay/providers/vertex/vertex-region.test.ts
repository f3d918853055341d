import { describe, expect, it } from 'vitest';
import { vertexHost, vertexRegion } from './vertex-region.ts';

describe('the Vertex region of a model', () => {
  it('takes a plain region, or global when the channel names none', () => {
    expect(vertexRegion('us-east5', 'claude-sonnet-4-5')).toBe('us-east5');
    expect(vertexRegion('  europe-west1 ', 'gemini-2.5-flash')).toBe('europe-west1');
    expect(vertexRegion(null, 'gemini-2.5-flash')).toBe('global');
    expect(vertexRegion('', 'gemini-2.5-flash')).toBe('global');
  });

  it('reads a JSON map of model → region, falling back to its default, then to global', () => {
    const other = JSON.stringify({ default: 'us-central1', 'claude-sonnet-4-5': 'us-east5' });
    expect(vertexRegion(other, 'claude-sonnet-4-5')).toBe('us-east5');
    expect(vertexRegion(other, 'gemini-2.5-flash')).toBe('us-central1');
    expect(vertexRegion('{"claude-sonnet-4-5":"us-east5"}', 'gemini-2.5-flash')).toBe('global');
    expect(vertexRegion('{not json', 'gemini-2.5-flash')).toBe('global');
    // The client's name first, then the mapped one.
    expect(vertexRegion(other, 'my-claude', 'claude-sonnet-4-5')).toBe('us-east5');
  });

  it('uses the global host for global, the regional host otherwise', () => {
    expect(vertexHost('global')).toBe('https://aiplatform.googleapis.com');
    expect(vertexHost('us-east5')).toBe('https://us-east5-aiplatform.googleapis.com');
  });
});

import { describe, expect, it } from 'vitest';
import { readVertexError } from './vertex-error.ts';

describe('a Vertex error', () => {
  it("reads Anthropic's shape from Claude models: overloaded is worth another channel", () => {
    const text = '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}';
    expect(readVertexError(529, {}, text)).toMatchObject({ message: 'Overloaded', retryable: true });
  });

  it("reads Google's shape, with its retry delay; a 401 or 403 disables the channel", () => {
    const quota = JSON.stringify({
      error: {
        code: 429,
        message: 'Quota exceeded',
        status: 'RESOURCE_EXHAUSTED',
        details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '7s' }],
      },
    });
    expect(readVertexError(429, {}, quota)).toEqual({ message: 'Quota exceeded', retryAfterSeconds: 7 });
    const denied = '{"error":{"code":403,"message":"Permission denied","status":"PERMISSION_DENIED"}}';
    expect(readVertexError(403, {}, denied)).toMatchObject({ message: 'Permission denied', disables: true });
  });
});

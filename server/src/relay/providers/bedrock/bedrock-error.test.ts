import { describe, expect, it } from 'vitest';
import { readBedrockError } from './bedrock-error.ts';

const typed = (type: string) => ({
  'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/`,
});

describe('readBedrockError', () => {
  it('retries a throttled call elsewhere', () => {
    expect(
      readBedrockError(
        429,
        typed('ThrottlingException'),
        '{"message":"Too many requests, please wait before trying again."}',
      ),
    ).toEqual({
      message: 'ThrottlingException: Too many requests, please wait before trying again.',
      retryAfterSeconds: undefined,
      retryable: true,
    });
  });

  it.each(['AccessDeniedException', 'UnrecognizedClientException'])('disables the channel on %s', (type) => {
    const error = readBedrockError(
      403,
      typed(type),
      '{"Message":"The security token included in the request is invalid."}',
    );
    expect(error).toMatchObject({
      message: `${type}: The security token included in the request is invalid.`,
      disables: true,
    });
    expect(error.retryable).toBeUndefined();
  });

  it('leaves a ValidationException to the caller, as its 400', () => {
    const error = readBedrockError(
      400,
      typed('ValidationException'),
      '{"message":"The provided model identifier is invalid."}',
    );
    expect(error).toEqual({
      message: 'ValidationException: The provided model identifier is invalid.',
      retryAfterSeconds: undefined,
    });
  });

  it('reads an untyped body as any other', () => {
    expect(readBedrockError(500, {}, '{"error":{"message":"boom"}}').message).toBe('boom');
  });
});

import { describe, expect, it } from 'vitest';
import { bedrockModelId, isClaudeModelId } from './bedrock-model-id.ts';

describe('bedrockModelId', () => {
  it("maps a Claude name to its Bedrock id with the region group's inference profile", () => {
    expect(bedrockModelId('claude-3-5-sonnet-20241022', 'us-east-1')).toBe(
      'us.anthropic.claude-3-5-sonnet-20241022-v2:0',
    );
    expect(bedrockModelId('claude-sonnet-4-20250514', 'eu-west-3')).toBe(
      'eu.anthropic.claude-sonnet-4-20250514-v1:0',
    );
    expect(bedrockModelId('claude-3-7-sonnet-20250219', 'ap-northeast-1')).toBe(
      'apac.anthropic.claude-3-7-sonnet-20250219-v1:0',
    );
  });

  it('keeps the plain id where the model has no profile in that region group', () => {
    expect(bedrockModelId('claude-3-5-sonnet-20241022', 'eu-central-1')).toBe(
      'anthropic.claude-3-5-sonnet-20241022-v2:0',
    );
    expect(bedrockModelId('claude-3-opus-20240229', 'ca-central-1')).toBe(
      'anthropic.claude-3-opus-20240229-v1:0',
    );
  });

  it('passes any other name through as a model id', () => {
    expect(bedrockModelId('meta.llama3-70b-instruct-v1:0', 'us-east-1')).toBe(
      'meta.llama3-70b-instruct-v1:0',
    );
    expect(bedrockModelId('us.anthropic.claude-opus-4-1-20250805-v1:0', 'us-east-1')).toBe(
      'us.anthropic.claude-opus-4-1-20250805-v1:0',
    );
  });

  it('tells Claude model ids apart', () => {
    expect(isClaudeModelId('us.anthropic.claude-sonnet-4-20250514-v1:0')).toBe(true);
    expect(isClaudeModelId('amazon.nova-pro-v1:0')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { testChannel } from '../test-channel.test-support.ts';
import { cozeBotId } from './coze-bot-id.ts';

describe('the Coze bot of a call', () => {
  it("is the channel's other field when set, whatever the model", () => {
    expect(cozeBotId(testChannel({ type: 49, other: ' 7379462189365198898 ' }), 'coze-bot')).toBe(
      '7379462189365198898',
    );
  });

  it('is the model name when the channel names none and the model is a bot id', () => {
    expect(cozeBotId(testChannel({ type: 49, other: '' }), '7379462189365198898')).toBe(
      '7379462189365198898',
    );
    expect(cozeBotId(testChannel({ type: 49, other: null }), 'coze-bot')).toBeNull();
  });
});

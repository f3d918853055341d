import { describe, expect, it } from 'vitest';
import { chatTestRequest } from '../chat-test-request.ts';
import { noSettings, testChannel } from '../test-channel.test-support.ts';
import { unsupportedFamily, unsupportedReason } from './unsupported-family.ts';

describe('the unsupported family', () => {
  it('names the type in its refusal, when the catalogue knows it', () => {
    expect(unsupportedReason(15)).toBe(
      'channel type 15 (Baidu ERNIE) is not supported yet: it has no adaptor',
    );
    expect(unsupportedReason(9999)).toBe('channel type 9999 is not supported yet: it has no adaptor');
  });

  it('refuses every call and says it serves no chat, so tests are refused too', async () => {
    expect(unsupportedFamily.servesChat).toBe(false);
    expect(await chatTestRequest(unsupportedFamily, noSettings, testChannel({ type: 36 }), 'm', 'm')).toBe(
      'channel type 36 (Suno API) is not supported yet: it has no adaptor',
    );
    expect(unsupportedFamily.balance(36)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { CHANNEL_TYPES } from '../../../providers/channel-types.ts';
import { providerFor } from '../registry.ts';
import { chatTestRequest } from '../chat-test-request.ts';
import { noSettings, testChannel } from '../test-channel.test-support.ts';
import { retiredFamily, retiredReason } from './retired-family.ts';

describe('the retired family', () => {
  it('serves PaLM and AI Proxy Library, the types the catalogue marks retired', () => {
    expect(CHANNEL_TYPES.filter(({ family }) => family === 'retired').map(({ id }) => id)).toEqual([11, 21]);
    expect(providerFor(11)).toBe(retiredFamily);
  });

  it('refuses every call saying the service is gone and what to do, and asks no model list', async () => {
    expect(retiredReason(21)).toBe(
      "channel type 21 (AI Proxy Library) can no longer be served: the provider's API no longer exists; edit the channel and pick another type",
    );
    expect(await chatTestRequest(retiredFamily, noSettings, testChannel({ type: 11 }), 'm', 'm')).toBe(
      retiredReason(11),
    );
    expect(retiredFamily.servesChat).toBe(false);
    expect(retiredFamily.models.url('https://u.example', 11)).toBeNull();
    expect(retiredFamily.balance(11)).toBeUndefined();
  });
});

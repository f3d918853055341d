import type { OptionsCache } from '../../cache/options-cache.ts';
import { toRoutable, type ChannelRow, type RoutableChannel } from '../../cache/channel-index.ts';

/**
 * Test support: a channel as the routing index holds it, from the few row fields a test names.
 * Not a test file itself, and not used outside tests.
 */
export function testChannel(fields: Partial<ChannelRow> & { type: number }): RoutableChannel {
  const row = {
    id: 7,
    key: 'sk-test',
    name: 'test',
    base_url: 'https://upstream.example',
    other: null,
    openai_organization: null,
    header_override: null,
    models: '',
    group: 'default',
    model_mapping: null,
    status_code_mapping: null,
    priority: 0,
    weight: 0,
    ...fields,
  } as ChannelRow;
  return toRoutable(row);
}

/** Site options as their defaults would read for the families: no per-model settings, switches off. */
export const noSettings = {
  json: () => ({}),
  bool: () => false,
  number: () => 0,
  get: () => '',
} as unknown as OptionsCache;

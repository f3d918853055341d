import type { Bilingual } from '../../i18n/text.ts';
import { channelTypeInfo } from '../../providers/channel-types.ts';

/** "channel type 17 (Alibaba Qwen)": how refusals name a channel's type, with its catalogue name when it has one. */
export function channelTypeLabel(type: number): Bilingual {
  const name = channelTypeInfo(type)?.name;
  return {
    en: `channel type ${type}${name ? ` (${name})` : ''}`,
    zh: `渠道类型 ${type}${name ? `（${name}）` : ''}`,
  };
}

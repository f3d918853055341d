import type { ChannelKeyFormat, ChannelOtherField, ChannelTypeOption } from '@relaygate/contract';
import type { Language } from '../../i18n/language.ts';
import type { Bilingual } from '../../i18n/text.ts';
import type { KeyFormat, OtherField } from '../../providers/channel-type-fields.ts';
import { typeIsServed, type ChannelTypeInfo } from '../../providers/channel-types.ts';

const say = (text: Bilingual | undefined, language: Language): string => (text ? text[language] : '');

const keyFormatView = (format: KeyFormat, language: Language): ChannelKeyFormat => ({
  label: say(format.label, language),
  example: format.example,
  pattern: format.pattern ?? '',
  multiline: format.multiline === true,
  hint: say(format.hint, language),
});

const otherView = (other: OtherField, language: Language): ChannelOtherField => ({
  label: say(other.label, language),
  placeholder: other.placeholder,
  required: other.required === true,
  default: other.default ?? '',
  hint: say(other.hint, language),
});

/** A catalogue entry as the channel form reads it, its texts in `language`. */
export const channelTypeView = (info: ChannelTypeInfo, language: Language): ChannelTypeOption => ({
  id: info.id,
  name: info.name,
  default_base_url: info.defaultBaseUrl,
  base_url_required: info.baseUrlRequired === true,
  base_url_note: say(info.baseUrlNote, language),
  served: typeIsServed(info),
  key_formats: info.keyFormats.map((format) => keyFormatView(format, language)),
  other: info.other ? otherView(info.other, language) : null,
  organization: info.organization === true,
});

import {
  OPTION_REGISTRY,
  STATUS_OPTION_FIELDS,
  type OptionKey,
  type StatusObject,
  type StatusOptionField,
} from '@relaygate/contract';
import type { OptionReader } from './option-reader.ts';

/** An option's value as its kind reads it: a boolean, a number, parsed JSON or the text. */
export function optionValue(settings: OptionReader, key: OptionKey): unknown {
  switch (OPTION_REGISTRY[key].kind) {
    case 'bool':
      return settings.bool(key);
    case 'int':
    case 'float':
      return settings.number(key);
    case 'json':
      return settings.json(key);
    default:
      return settings.get(key);
  }
}

/**
 * The fields of GET /api/status that carry an option (its registry entry's `status`), each read by
 * the option's kind. Only public options may name a status field, so nothing else reaches here.
 */
export function statusOptionValues(settings: OptionReader): Pick<StatusObject, StatusOptionField> {
  const fields = STATUS_OPTION_FIELDS.map(({ key, field }) => [field, optionValue(settings, key)]);
  return Object.fromEntries(fields) as Pick<StatusObject, StatusOptionField>;
}

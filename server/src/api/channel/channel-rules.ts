import { ApiError } from '../errors.ts';
import { msg, type Text } from '../../i18n/text.ts';

/**
 * The semantic rules of a channel's fields (spec §5 and new-api §4.7), as pure functions. Each one
 * answers the value to store or throws an ApiError with a message the console shows as is.
 */

export const MAX_MODEL_NAME = 255;
export const MAX_GROUP_NAME = 64;
/** Text columns are TEXT on MySQL: 65 535 bytes, so at most 16 383 four-byte characters. */
export const MAX_TEXT = 16_000;
export const MAX_WEIGHT = 2_147_483_647;
export const MIN_PRIORITY = -999;

/** Comma-separated names (or an array of them): trimmed, empty ones dropped, duplicates removed. */
export function normalizeNames(input: string | string[]): string[] {
  const parts = Array.isArray(input) ? input.flatMap((item) => item.split(',')) : input.split(',');
  return [...new Set(parts.map((part) => part.trim()).filter((part) => part !== ''))];
}

/** A non-empty list of names, each short enough for its abilities column, as stored: "a,b". */
function nameList(input: string | string[], what: Text, max: number): string {
  const names = normalizeNames(input);
  if (names.length === 0) throw new ApiError(msg('channel.selectAtLeastOne', { what }));
  const long = names.find((name) => name.length > max);
  if (long) throw new ApiError(msg('channel.nameTooLongIn', { what, max, name: long.slice(0, 40) }));
  return names.join(',');
}

export const normalizeModels = (input: string | string[]): string =>
  nameList(input, msg('channel.word.model'), MAX_MODEL_NAME);

export const normalizeGroups = (input: string | string[]): string =>
  nameList(input, msg('channel.word.group'), MAX_GROUP_NAME);

/** An http(s) URL without trailing slashes, or '' when none is given. */
export function normalizeBaseUrl(input: string): string {
  const trimmed = input.trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new ApiError(msg('channel.baseUrlScheme'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ApiError(msg('channel.baseUrlScheme'));
  }
  if (trimmed.length > 512) throw new ApiError(msg('channel.baseUrlTooLong', { max: 512 }));
  return trimmed;
}

/** Empty text, and the text "null" a console writes back for a missing object, both mean "none". */
const isEmptyJson = (text: string) => text.trim() === '' || text.trim() === 'null';

function parseObject(text: string, message: Text): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(message);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ApiError(message);
  return value as Record<string, unknown>;
}

/** A requested → upstream chain that comes back to a name already on it, or null. */
export function findMappingCycle(mapping: Map<string, string>): string[] | null {
  for (const start of mapping.keys()) {
    const path = [start];
    let current = start;
    for (;;) {
      const next = mapping.get(current);
      if (next === undefined || next === '' || next === current) break;
      if (path.includes(next)) return [...path, next];
      path.push(next);
      current = next;
    }
  }
  return null;
}

/** model_mapping: a JSON object of model name → model name, without cycles. Answers '' for none. */
export function normalizeModelMapping(text: string): string {
  if (isEmptyJson(text)) return '';
  if (text.length > MAX_TEXT) throw new ApiError(msg('channel.mappingTooLong', { max: MAX_TEXT }));
  const object = parseObject(text, msg('channel.mappingJson'));
  const mapping = new Map<string, string>();
  for (const [from, to] of Object.entries(object)) {
    if (typeof to !== 'string') {
      throw new ApiError(msg('channel.mappingValues'));
    }
    mapping.set(from, to.trim());
  }
  const cycle = findMappingCycle(mapping);
  if (cycle) throw new ApiError(msg('channel.mappingCycle', { cycle: cycle.join(' → ') }));
  return text.trim();
}

const STATUS_CODE = /^[1-5]\d\d$/;

/** status_code_mapping: a JSON object such as {"429": "503"} or {"500": 502}. Answers '' for none. */
export function normalizeStatusCodeMapping(text: string): string {
  if (isEmptyJson(text)) return '';
  const message = msg('channel.statusMappingShape', { example: '{"400": "500"}' });
  if (text.length > 1024) throw new ApiError(msg('channel.statusMappingTooLong', { max: 1024 }));
  const object = parseObject(text, message);
  for (const [from, to] of Object.entries(object)) {
    const target = typeof to === 'number' ? String(to) : to;
    if (!STATUS_CODE.test(from) || typeof target !== 'string' || !STATUS_CODE.test(target.trim())) {
      throw new ApiError(message);
    }
  }
  return text.trim();
}

/** setting, param_override, header_override: a JSON object when given. */
export function normalizeJsonObject(text: string, label: Text): string {
  if (isEmptyJson(text)) return '';
  if (text.length > MAX_TEXT) throw new ApiError(msg('channel.jsonFieldTooLong', { label, max: MAX_TEXT }));
  parseObject(text, msg('channel.jsonFieldInvalid', { label }));
  return text.trim();
}

export function checkPriority(value: number): number {
  if (!Number.isSafeInteger(value) || value < MIN_PRIORITY) {
    throw new ApiError(msg('channel.priority', { min: MIN_PRIORITY }));
  }
  return value;
}

export function checkWeight(value: number): number {
  if (!Number.isSafeInteger(value) || value < 0 || value > MAX_WEIGHT) {
    throw new ApiError(msg('channel.weight'));
  }
  return value;
}

/** The key lines of a batch: one channel per non-empty line, duplicates dropped. */
export function keyLines(key: string): string[] {
  return [...new Set(key.split(/\r?\n/).map((line) => line.trim()))].filter((line) => line !== '');
}

/** The key to call the upstream with: the first line of a multi-line key. */
export const firstKey = (key: string): string => keyLines(key)[0] ?? '';

import { CATALOGUE } from './catalogue/index.ts';
import type { Language } from './language.ts';

export type MessageId = keyof typeof CATALOGUE;

/** The names of a template's `{placeholders}`. */
type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

/** The parameters a message's English template names (the unit test checks Chinese names the same). */
export type ParamsOf<I extends MessageId> = Placeholders<(typeof CATALOGUE)[I]['en']>;

/** A text already in both languages (e.g. a validator's own message), used as a parameter. */
export interface Bilingual {
  readonly en: string;
  readonly zh: string;
}

/** A parameter: shown as is (a name, a number), or itself translated. */
export type Param = string | number | Text | Bilingual;

/**
 * A message not yet put into words: an id of the catalogue and its parameters. Errors, refusals
 * and log details carry this, and the answer renders it in the caller's language. Plain data, so it
 * can be stored (a log row's `other.content_message`) and rendered again later.
 */
export interface Text {
  readonly id: MessageId;
  readonly params: Readonly<Record<string, Param>>;
}

export type ParamArgs<I extends MessageId> = [ParamsOf<I>] extends [never]
  ? []
  : [params: Record<ParamsOf<I>, Param>];

/** The message `id` with its parameters; a missing or misspelt id or parameter does not compile. */
export function msg<I extends MessageId>(id: I, ...args: ParamArgs<I>): Text {
  return { id, params: (args[0] ?? {}) as Record<string, Param> };
}

export const isMessageId = (id: unknown): id is MessageId =>
  typeof id === 'string' && Object.hasOwn(CATALOGUE, id);

const isText = (param: object): param is Text => 'id' in param;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isParam(value: unknown, depth: number): value is Param {
  if (typeof value === 'string' || typeof value === 'number') return true;
  if (!isRecord(value)) return false;
  if ('id' in value) return depth < 4 && asText(value, depth + 1) !== null;
  return typeof value.en === 'string' && typeof value.zh === 'string';
}

/** A Text read back from storage (a log row's JSON), or null when it is not one this catalogue knows. */
export function asText(value: unknown, depth = 0): Text | null {
  if (!isRecord(value) || !isMessageId(value.id) || !isRecord(value.params)) return null;
  const params = value.params;
  return Object.values(params).every((param) => isParam(param, depth))
    ? ({ id: value.id, params } as Text)
    : null;
}

function renderParam(param: Param | undefined, language: Language): string {
  if (param === undefined) return '';
  if (typeof param === 'string' || typeof param === 'number') return String(param);
  return isText(param) ? render(param, language) : param[language];
}

/** A message in words, in `language`. */
export function render(text: Text, language: Language): string {
  const template: string = CATALOGUE[text.id][language];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(text.params, name) ? renderParam(text.params[name], language) : whole,
  );
}

/** An error whose message is a Text: its `message` is the English words (for logs and non-console callers). */
export class LocalizedError extends Error {
  readonly text: Text;
  readonly statusCode: number;
  constructor(text: Text, statusCode: number) {
    super(render(text, 'en'));
    this.text = text;
    this.statusCode = statusCode;
  }
}

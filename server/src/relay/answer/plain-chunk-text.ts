/**
 * The grammar of a "plain" OpenAI chat chunk, the event nearly every stream is made of: compact
 * JSON, one choice whose delta holds at most a content string (reasoning and tool calls null),
 * usage and error null or absent, every other member a string, number, boolean or null. Each
 * alternative starts with a different character, so matching never backtracks far.
 */
const STRING = String.raw`"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"`;
const NUMBER = String.raw`-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?`;
const PRIMITIVE = `(?:${STRING}|${NUMBER}|true|false|null)`;
/** Keys read with a meaning somewhere in a chunk: never accepted as "any other member". */
const MEANINGFUL = [
  'choices',
  'usage',
  'error',
  'type',
  'response',
  'delta',
  'message',
  'text',
  'content',
  'reasoning_content',
  'reasoning',
  'tool_calls',
];
const OTHER_MEMBER = String.raw`(?!"(?:${MEANINGFUL.join('|')})")"[^"\\\u0000-\u001f]*":${PRIMITIVE}`;
const DELTA_MEMBER = `(?:"content":(?:${STRING}|null)|"(?:reasoning_content|reasoning|tool_calls)":null|${OTHER_MEMBER})`;
const DELTA = String.raw`\{(?:${DELTA_MEMBER}(?:,${DELTA_MEMBER})*)?\}`;
const CHOICE = String.raw`\{(?:${OTHER_MEMBER},)*"delta":${DELTA}(?:,${OTHER_MEMBER})*\}`;
const TOP_MEMBER = `(?:"(?:usage|error)":null|${OTHER_MEMBER})`;
const PLAIN_CHUNK = new RegExp(
  String.raw`^\{(?:${TOP_MEMBER},)*"choices":\[${CHOICE}\](?:,${TOP_MEMBER})*\}$`,
);
const STRING_AT = new RegExp(STRING, 'y');

/** Longer events go to JSON.parse: the expression is for the small events of a token-by-token stream. */
const MAX_LENGTH = 8192;
const CONTENT_KEY = '"content":';

/**
 * The text a plain OpenAI chat chunk carries, read with one regular expression instead of
 * JSON.parse (which, for every event of every stream, cost more than the rest of relaying it):
 * its content, or '' when it has none. Undefined for any other event (usage, an error, tool calls,
 * reasoning, several choices, whitespace, …): the caller parses those. What it answers is what
 * `countChoiceText` finds in the parsed chunk.
 */
export function plainChunkText(data: string): string | undefined {
  if (data.length > MAX_LENGTH || !PLAIN_CHUNK.test(data)) return undefined;
  // Inside a string a quote is escaped, and content is a key nowhere but in the delta: so the
  // first '"content":' is the delta's, and a second one a repeated key (JSON.parse keeps the last).
  const key = data.indexOf(CONTENT_KEY);
  if (key === -1) return '';
  const valueAt = key + CONTENT_KEY.length;
  if (data.indexOf(CONTENT_KEY, valueAt) !== -1) return undefined;
  if (data.charCodeAt(valueAt) !== 34 /* " */) return ''; // null
  STRING_AT.lastIndex = valueAt;
  if (!STRING_AT.test(data)) return undefined;
  const literal = data.slice(valueAt, STRING_AT.lastIndex);
  return literal.includes('\\') ? (JSON.parse(literal) as string) : literal.slice(1, -1);
}

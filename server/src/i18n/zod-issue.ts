import type { z } from 'zod';
import { isMessageId, msg, type MessageId, type Param, type ParamArgs, type Text } from './text.ts';

/** Zod messages are strings: a schema's own message travels as this prefix and the Text as JSON. */
const MARK = 'i18n:';

/** A schema's own message (`.min(1, zodText('user.usernameEmpty'))`), rendered in the caller's language. */
export function zodText<I extends MessageId>(id: I, ...args: ParamArgs<I>): string {
  return MARK + JSON.stringify(msg(id, ...args));
}

function decode(message: string): Text | null {
  if (!message.startsWith(MARK)) return null;
  try {
    const text = JSON.parse(message.slice(MARK.length)) as Text;
    return isMessageId(text.id) ? text : null;
  } catch {
    return null;
  }
}

const KINDS = {
  string: msg('param.kind.string'),
  number: msg('param.kind.number'),
  int: msg('param.kind.integer'),
  boolean: msg('param.kind.boolean'),
  array: msg('param.kind.array'),
  object: msg('param.kind.object'),
} as const;

const FORMATS: Record<string, Text> = { email: msg('param.format.email'), url: msg('param.format.url') };

const bound = (value: number | bigint | Date) =>
  value instanceof Date ? value.toISOString() : String(value);

/** Zod's built-in checks in our own words, in both languages: what to fix, never the validator's wording. */
function builtInText(issue: z.core.$ZodIssue): Text {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return msg('param.required');
      return msg('param.mustBe', {
        kind: KINDS[issue.expected as keyof typeof KINDS] ?? msg('param.kind.other'),
      });
    case 'too_small': {
      const min = bound(issue.minimum);
      if (issue.origin === 'string') return msg('param.minLength', { min });
      if (issue.origin === 'array' || issue.origin === 'set') return msg('param.minItems', { min });
      return issue.inclusive === false ? msg('param.above', { min }) : msg('param.minimum', { min });
    }
    case 'too_big': {
      const max = bound(issue.maximum);
      if (issue.origin === 'string') return msg('param.maxLength', { max });
      if (issue.origin === 'array' || issue.origin === 'set') return msg('param.maxItems', { max });
      return issue.inclusive === false ? msg('param.below', { max }) : msg('param.maximum', { max });
    }
    case 'invalid_format':
      return msg('param.format', { format: FORMATS[issue.format] ?? msg('param.format.other') });
    case 'not_multiple_of':
      return msg('param.multipleOf', { step: bound(issue.divisor) });
    case 'unrecognized_keys':
      return msg('param.unknownFields', { keys: issue.keys.join(', ') });
    case 'invalid_value':
      return msg('param.oneOf', { values: issue.values.map((value) => JSON.stringify(value)).join(', ') });
    default:
      return msg('param.invalidValue');
  }
}

/** A zod issue as a Text: the schema's own message when it has one, else our words for the built-in check. */
export function issueText(issue: z.core.$ZodIssue): Param {
  return decode(issue.message) ?? builtInText(issue);
}

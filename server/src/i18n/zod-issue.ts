import { z } from 'zod';
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

const chinese = z.locales.zhCN().localeError;

/**
 * A zod issue in both languages: the schema's own message when it has one, else zod's built-in
 * English and Chinese texts (the issue needs its input for those: parse with `reportInput`).
 */
export function issueText(issue: z.core.$ZodIssue): Param {
  const own = decode(issue.message);
  if (own) return own;
  const zh = chinese(issue as unknown as Parameters<typeof chinese>[0]);
  const zhText = typeof zh === 'string' ? zh : (zh?.message ?? issue.message);
  return { en: issue.message, zh: zhText };
}

import type { Language } from '../i18n/language.ts';
import { render, type Text } from '../i18n/text.ts';
import type { Mail } from './mailer.ts';

/** A mail in one language (the one its reader asked the console in). */
export function composeMail(to: string, subject: Text, body: Text, language: Language): Mail {
  return { to, subject: render(subject, language), text: render(body, language) };
}

/** A mail nobody asked for in a known language (notifications): English, then Chinese. */
export function composeBilingualMail(to: string, subject: Text, body: Text): Mail {
  return {
    to,
    subject: `${render(subject, 'en')} / ${render(subject, 'zh')}`,
    text: `${render(body, 'en')}\n\n${render(body, 'zh')}`,
  };
}

/** The reason a send failed, short and without line breaks, for the console. */
export const sendFailureReason = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 300);

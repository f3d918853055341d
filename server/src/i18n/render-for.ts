import { requestLanguage } from './language.ts';
import { render, type Text } from './text.ts';

/** A message in the language the request asked for (its Accept-Language header). */
export const renderFor = (
  request: { headers: { 'accept-language'?: string | string[] } },
  text: Text,
): string => render(text, requestLanguage(request));

import { render, type Text } from './text.ts';

/** A rule that answers a Text (or null), made to answer the English words: how API clients read it. */
export const inEnglish =
  <A extends unknown[]>(rule: (...args: A) => Text | null | undefined) =>
  (...args: A): string | null => {
    const text = rule(...args);
    return text ? render(text, 'en') : null;
  };

/**
 * Chinese text puts a space between a Chinese character and a Latin word or a number
 * ("保存 Gemini 设置", not "保存Gemini 设置"). A value interpolated with `{{name, latinSpaced}}`
 * right after Chinese text gets that space when it begins with a Latin letter or a digit.
 */
export const LATIN_SPACED = 'latinSpaced';

export const latinSpaced = (value: unknown): string => {
  const text = String(value ?? '');
  return /^[A-Za-z0-9]/.test(text) ? ` ${text}` : text;
};

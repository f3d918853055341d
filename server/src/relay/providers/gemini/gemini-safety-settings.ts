import type { Json } from '../../formats/types.ts';

/** The harm categories the `default` entry of gemini.safety_settings applies to. */
export const GEMINI_STANDARD_HARM_CATEGORIES = [
  'HARM_CATEGORY_HARASSMENT',
  'HARM_CATEGORY_HATE_SPEECH',
  'HARM_CATEGORY_SEXUALLY_EXPLICIT',
  'HARM_CATEGORY_DANGEROUS_CONTENT',
  'HARM_CATEGORY_CIVIC_INTEGRITY',
] as const;

/**
 * The option gemini.safety_settings (category → threshold) as Gemini's safetySettings: the
 * standard categories take their own entry or else `default`; any other category named in the
 * option is sent as given. Undefined when nothing applies (Gemini then uses its own defaults).
 */
export function geminiSafetySettings(option: Record<string, string>): Json[] | undefined {
  const fallback = option.default;
  const settings: Json[] = [];
  for (const category of GEMINI_STANDARD_HARM_CATEGORIES) {
    const threshold = option[category] ?? fallback;
    if (threshold) settings.push({ category, threshold });
  }
  const standard = new Set<string>(GEMINI_STANDARD_HARM_CATEGORIES);
  for (const [category, threshold] of Object.entries(option)) {
    if (category !== 'default' && !standard.has(category) && threshold)
      settings.push({ category, threshold });
  }
  return settings.length > 0 ? settings : undefined;
}

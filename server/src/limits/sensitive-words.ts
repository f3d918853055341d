import AhoCorasick from 'modern-ahocorasick';
import type { LimitSettings } from './model-rate-limit.ts';

/** The words of the SensitiveWords option: one per line, trimmed, blank lines and repeats dropped, case folded. */
export function sensitiveWordList(text: string): string[] {
  const words = text.split(/\r?\n/).map((line) => line.trim().toLowerCase());
  return [...new Set(words.filter((word) => word !== ''))];
}

/**
 * new-api's sensitive-word check (CheckSensitiveEnabled, CheckSensitiveOnPromptEnabled,
 * SensitiveWords): one Aho–Corasick automaton over every word, built again only when the option's
 * text changes, so checking a prompt costs time in its length, not in the number of words.
 */
export class SensitiveWords {
  private readonly settings: LimitSettings;
  private builtFrom: string | undefined;
  private matcher: AhoCorasick | null = null;

  constructor(settings: LimitSettings) {
    this.settings = settings;
  }

  /** Whether prompts are checked at all right now. */
  get checkingPrompts(): boolean {
    return this.settings.bool('CheckSensitiveEnabled') && this.settings.bool('CheckSensitiveOnPromptEnabled');
  }

  /** Whether the text contains any listed word (case-insensitive). */
  contains(text: string): boolean {
    const matcher = this.current();
    return matcher !== null && text !== '' && matcher.match(text.toLowerCase());
  }

  private current(): AhoCorasick | null {
    const text = this.settings.get('SensitiveWords');
    if (text !== this.builtFrom) {
      const words = sensitiveWordList(text);
      this.matcher = words.length > 0 ? new AhoCorasick(words) : null;
      this.builtFrom = text;
    }
    return this.matcher;
  }
}

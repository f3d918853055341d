import { describe, expect, it } from 'vitest';
import { negotiateLanguage } from './language.ts';

describe('negotiateLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['zh-CN', 'zh'],
    ['zh', 'zh'],
    ['ZH-tw', 'zh'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh'],
    ['en-GB,en;q=0.9,zh-CN;q=0.8', 'en'],
    ['fr-FR,fr;q=0.9', 'en'],
    ['fr-FR,fr;q=0.9,zh;q=0.5', 'zh'],
    ['en;q=0.5,zh;q=0.7', 'zh'],
    ['zh;q=0,en', 'en'],
    ['*', 'en'],
    ['de, zh-Hans-CN ; q=0.3', 'zh'],
    [['fr', 'zh-CN'], 'zh'],
    [';;;,,,q=', 'en'],
  ] as const)('%j → %s', (header, language) => {
    expect(negotiateLanguage(header as string | string[] | undefined)).toBe(language);
  });
});

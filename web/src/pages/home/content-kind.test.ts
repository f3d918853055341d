import { describe, expect, it } from 'vitest';
import { contentKind } from './content-kind.ts';

describe('contentKind', () => {
  it('is empty for nothing or blanks', () => {
    expect(contentKind('')).toBe('empty');
    expect(contentKind('  \n ')).toBe('empty');
    expect(contentKind(undefined)).toBe('empty');
  });

  it('frames a lone https link', () => {
    expect(contentKind('https://example.com/home')).toBe('url');
    expect(contentKind('  https://example.com  ')).toBe('url');
  });

  it('renders plain http links and text that merely starts with a link as Markdown', () => {
    expect(contentKind('http://example.com')).toBe('markdown');
    expect(contentKind('https://example.com is our site')).toBe('markdown');
  });

  it('renders Markdown, HTML and prose alike', () => {
    expect(contentKind('# Title\n\nSome *markdown*')).toBe('markdown');
    expect(contentKind('<h1>Welcome</h1>')).toBe('markdown');
    expect(contentKind('<!DOCTYPE html><html></html>')).toBe('markdown');
    expect(contentKind('1 < 2 and 3 > 2')).toBe('markdown');
  });
});

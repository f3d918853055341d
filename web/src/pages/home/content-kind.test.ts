import { describe, expect, it } from 'vitest';
import { contentKind, textParagraphs } from './content-kind.ts';

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

  it('does not frame plain http links or text that merely starts with a link', () => {
    expect(contentKind('http://example.com')).toBe('text');
    expect(contentKind('https://example.com is our site')).toBe('text');
  });

  it('renders markup', () => {
    expect(contentKind('<h1>Welcome</h1>')).toBe('html');
    expect(contentKind('<!DOCTYPE html><html></html>')).toBe('html');
    expect(contentKind('<img src="a.png"/>')).toBe('html');
    expect(contentKind('Hello <b>world</b>')).toBe('html');
  });

  it('treats markdown and prose as text', () => {
    expect(contentKind('# Title\n\nSome *markdown*')).toBe('text');
    expect(contentKind('1 < 2 and 3 > 2')).toBe('text');
  });
});

describe('textParagraphs', () => {
  it('splits at blank lines and keeps single line breaks', () => {
    expect(textParagraphs('# Title\r\n\r\nline one\nline two\n\n\n  \nlast\n')).toEqual([
      '# Title',
      'line one\nline two',
      'last',
    ]);
  });
});

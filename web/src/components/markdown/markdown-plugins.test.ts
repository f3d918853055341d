import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown from 'react-markdown';
import { describe, expect, it } from 'vitest';
import { markdownPlugins } from './markdown-plugins.ts';

function render(text: string, html: boolean): string {
  return renderToStaticMarkup(
    createElement(ReactMarkdown, { ...markdownPlugins(html), skipHtml: !html }, text),
  );
}

describe('markdown rendering', () => {
  it('renders GitHub-flavoured Markdown: headings, tables, task lists', () => {
    const out = render('# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done', false);
    expect(out).toContain('<h1>Title</h1>');
    expect(out).toContain('<td>1</td>');
    expect(out).toContain('type="checkbox"');
  });

  it('highlights a fenced code block of a known language', () => {
    const out = render('```js\nconst x = 1;\n```', false);
    expect(out).toContain('class="hljs language-js"');
    expect(out).toContain('<span class="hljs-keyword">const</span>');
  });

  it('leaves a block of an unknown language as plain text', () => {
    expect(render('```nosuchlang\nabc\n```', false)).toContain('abc');
  });

  it("never renders a model's raw HTML", () => {
    const out = render('hi <img src=x onerror="alert(1)"> <script>alert(2)</script>', false);
    expect(out).not.toContain('<img');
    expect(out).not.toContain('<script');
    expect(out).not.toContain('onerror');
  });

  it("renders an admin page's HTML, sanitised: markup kept, scripts and handlers dropped", () => {
    const out = render('<b>bold</b> <img src="/logo.png" onerror="alert(1)"><script>alert(2)</script>', true);
    expect(out).toContain('<b>bold</b>');
    expect(out).toContain('<img src="/logo.png"/>');
    expect(out).not.toContain('onerror');
    expect(out).not.toContain('<script');
  });

  it('drops javascript: links', () => {
    const out = render('[x](javascript:alert(1))', false);
    expect(out).not.toContain('javascript:');
  });
});

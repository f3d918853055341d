import type { Page } from '@playwright/test';

/**
 * Checks run inside the page. Each function given to page.evaluate is serialised on its own, so each
 * carries its own small helpers.
 */

/**
 * Elements that reach past the right edge of the screen, and whether the document itself scrolls
 * sideways. An element clipped by a container of its own (a table's horizontal scroll, an ellipsis,
 * a tab strip) is that container's business: it is reported only when the container itself sticks
 * out. Reported are the elements that stick out of a parent that fits (where the fix usually
 * belongs) and the innermost ones (what is actually too wide), with tag, class and text.
 */
export async function findOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const limit = root.clientWidth + 0.5;
    const describe = (element: Element) => {
      const rect = element.getBoundingClientRect();
      const classes = typeof element.className === 'string' ? element.className.trim() : '';
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
      return (
        `<${element.tagName.toLowerCase()}${classes ? ` class="${classes.slice(0, 80)}"` : ''}>` +
        ` "${text}" left ${Math.round(rect.left)} right ${Math.round(rect.right)} (screen ${root.clientWidth})`
      );
    };
    const clippedByOwnContainer = (element: Element) => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement)
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      return false;
    };
    const overflowing = new Set<Element>();
    for (const element of document.body.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || rect.right <= limit) continue;
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      if (clippedByOwnContainer(element)) continue;
      overflowing.add(element);
    }
    const problems: string[] = [];
    if (root.scrollWidth > root.clientWidth)
      problems.push(
        `the page scrolls sideways: ${root.scrollWidth} px wide on a ${root.clientWidth} px screen`,
      );
    const pokingOut = [...overflowing].filter((element) => !overflowing.has(element.parentElement!));
    const innermost = [...overflowing].filter(
      (element) => ![...element.children].some((child) => overflowing.has(child)),
    );
    for (const element of new Set([...pokingOut, ...innermost.slice(0, 5)]))
      problems.push(`wider than the screen: ${describe(element)}`);
    return problems;
  });
}

/**
 * Visible text in the wrong language (text nodes, placeholders and the page title). In Chinese: text
 * equal to one of the English-only strings, or containing one of the English-only phrases. In
 * English: any Chinese character. `allowed` lists text that may appear anyway (user data, "中文").
 */
export async function findUntranslated(
  page: Page,
  language: 'zh' | 'en',
  english: { exact: string[]; phrases: string[] },
  allowed: string[],
): Promise<string[]> {
  return page.evaluate(
    ({ language, exact, phrases, allowed }) => {
      const exactSet = new Set(exact);
      const allowedSet = new Set(allowed);
      const chinese = /[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/;
      const wrong = (text: string) => {
        if (allowedSet.has(text)) return null;
        if (language === 'en') return chinese.test(text) ? text : null;
        if (exactSet.has(text)) return text;
        return phrases.find((phrase) => text.includes(phrase)) ?? null;
      };
      const visible = (element: Element | null) =>
        !!element && element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
      const where = (element: Element) => {
        const classes = typeof element.className === 'string' ? element.className.trim() : '';
        return `<${element.tagName.toLowerCase()}${classes ? ` class="${classes.slice(0, 60)}"` : ''}>`;
      };
      const found = new Set<string>();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = (node.nodeValue ?? '').trim();
        if (!text || !visible(node.parentElement)) continue;
        const hit = wrong(text);
        if (hit) found.add(`"${hit}" in ${where(node.parentElement!)}${hit === text ? '' : `: "${text}"`}`);
      }
      for (const field of document.querySelectorAll('[placeholder]')) {
        const text = (field.getAttribute('placeholder') ?? '').trim();
        const hit = text && visible(field) ? wrong(text) : null;
        if (hit) found.add(`placeholder "${hit}" in ${where(field)}`);
      }
      const title = wrong(document.title.trim());
      if (title) found.add(`the page title "${title}"`);
      return [...found];
    },
    { language, ...english, allowed },
  );
}

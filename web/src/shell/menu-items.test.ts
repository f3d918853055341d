import { describe, expect, it } from 'vitest';
import { buildMenu, chatNames, sidebarHiddenOn } from './menu-items.ts';

const paths = (groups: ReturnType<typeof buildMenu>) =>
  groups.flatMap((group) =>
    group.entries.flatMap((entry) => [entry.path, ...(entry.children ?? []).map((c) => c.path)]),
  );

describe('buildMenu', () => {
  it('shows the console and personal groups to everyone, without the flagged entries by default', () => {
    expect(paths(buildMenu({}, false))).toEqual(['/playground', '/token', '/log', '/topup', '/personal']);
  });

  it('adds the dashboard, drawing and task logs when the status enables them', () => {
    const all = paths(
      buildMenu({ enable_data_export: true, enable_drawing: true, enable_task: true }, false),
    );
    expect(all).toEqual(expect.arrayContaining(['/detail', '/midjourney', '/task']));
  });

  it('adds the admin group for admins only', () => {
    expect(paths(buildMenu({}, true))).toEqual(
      expect.arrayContaining(['/channel', '/redemption', '/user', '/setting']),
    );
    expect(paths(buildMenu({}, false))).not.toContain('/channel');
  });

  it('links a single saved chat straight to /chat/0 and lists several as sub-items', () => {
    expect(paths(buildMenu({ chats: [{ Web: 'https://a/{key}' }] }, false))).toContain('/chat/0');
    const many = buildMenu({ chats: [{ A: 'https://a' }, { B: 'https://b' }] }, false);
    const chat = many[0]!.entries.find((entry) => entry.path === '/chat');
    expect(chat?.children?.map((child) => [child.path, child.text])).toEqual([
      ['/chat/0', 'A'],
      ['/chat/1', 'B'],
    ]);
  });
});

describe('chatNames', () => {
  it('ignores what is not a list of objects', () => {
    expect(chatNames('x')).toEqual([]);
    expect(chatNames([1, null, { A: 'u' }])).toEqual(['A']);
  });
});

describe('sidebarHiddenOn', () => {
  it('hides the side bar on home and chat pages only', () => {
    expect(sidebarHiddenOn('/')).toBe(true);
    expect(sidebarHiddenOn('/chat/0')).toBe(true);
    expect(sidebarHiddenOn('/token')).toBe(false);
  });
});

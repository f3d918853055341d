import { describe, expect, it } from 'vitest';
import { buildMenu, isChatPath, menuChats, sidebarHiddenOn } from './menu-items.ts';

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
    const one = buildMenu({ chats: [{ Web: 'https://a/{key}' }] }, false);
    expect(one[0]!.entries.find((entry) => entry.label === 'menu.chat')).toEqual({
      path: '/chat/0',
      label: 'menu.chat',
      icon: 'chat',
    });
    const many = buildMenu({ chats: [{ A: 'https://a' }, { B: 'https://b' }] }, false);
    const chat = many[0]!.entries.find((entry) => entry.path === '/chat');
    expect(chat?.children?.map((child) => [child.path, child.text])).toEqual([
      ['/chat/0', 'A'],
      ['/chat/1', 'B'],
    ]);
  });

  it('has no chat item without saved chats', () => {
    for (const chats of [[], undefined, 'not a list'])
      expect(paths(buildMenu({ chats: chats as unknown[] }, false))).not.toContain('/chat/0');
  });

  it("keeps each chat's index in the option's list when entries before it are skipped", () => {
    const chats = [{ Desktop: 'fluent://x?key={key}' }, {}, { Web: 'https://w' }, { Lobe: 'http://l' }];
    const chat = buildMenu({ chats }, false)[0]!.entries.find((entry) => entry.path === '/chat');
    expect(chat?.children?.map((child) => [child.path, child.text])).toEqual([
      ['/chat/2', 'Web'],
      ['/chat/3', 'Lobe'],
    ]);
  });
});

describe('menuChats', () => {
  it('offers the chats whose link opens a web page, and ignores what is not a list of objects', () => {
    expect(menuChats('x')).toEqual([]);
    expect(menuChats([1, null, { A: 'https://u' }, { B: 'javascript:alert(1)' }, { C: 7 }])).toEqual([
      { index: 2, name: 'A', link: 'https://u' },
    ]);
  });
});

describe('sidebarHiddenOn', () => {
  it('hides the side bar on home and chat pages only', () => {
    expect(sidebarHiddenOn('/')).toBe(true);
    expect(sidebarHiddenOn('/chat/0')).toBe(true);
    expect(sidebarHiddenOn('/chat')).toBe(true);
    expect(sidebarHiddenOn('/token')).toBe(false);
    expect(sidebarHiddenOn('/chat2link')).toBe(false);
    expect(isChatPath('/chat/3')).toBe(true);
    expect(isChatPath('/chatter')).toBe(false);
  });
});

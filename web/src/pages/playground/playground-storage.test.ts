import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appendText, completeReply, loadingReply, userMessage } from './messages.ts';
import { loadConversation, loadSettings, saveConversation, saveSettings } from './playground-storage.ts';

/** An in-memory localStorage, as the browser's. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

describe('playground storage', () => {
  let storage: ReturnType<typeof memoryStorage>;
  beforeEach(() => {
    storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('answers the defaults when nothing is kept', () => {
    expect(loadSettings(1)).toMatchObject({ model: 'gpt-4o-mini', system_prompt: null });
    expect(loadConversation(1, 'interrupted')).toEqual([]);
  });

  it('keeps the settings across a reload, under playground-settings', () => {
    const settings = {
      group: 'vip',
      model: 'gpt-4.1-nano',
      temperature: 0.7,
      max_tokens: 300,
      system_prompt: '',
    };
    saveSettings(1, settings);
    expect(storage.items.has('playground-settings')).toBe(true);
    expect(loadSettings(1)).toEqual(settings);
  });

  it('repairs kept settings it cannot use', () => {
    storage.setItem(
      'playground-settings',
      JSON.stringify({ owner: 1, value: { model: 42, temperature: 'hot', max_tokens: '12.5', group: 'g' } }),
    );
    expect(loadSettings(1)).toEqual({
      group: 'g',
      model: 'gpt-4o-mini',
      temperature: 0,
      max_tokens: 12,
      system_prompt: null,
    });
    storage.setItem('playground-settings', '{not json');
    expect(loadSettings(1).model).toBe('gpt-4o-mini');
  });

  it('keeps the conversation, settling a reply a reload cut off', () => {
    const messages = [
      userMessage(4, 'q'),
      completeReply(appendText(loadingReply(5), 'answer')),
      userMessage(6, 'q2'),
      appendText(loadingReply(7), 'half'),
    ];
    saveConversation(1, messages);
    const loaded = loadConversation(1, 'interrupted');
    expect(loaded.slice(0, 3)).toEqual(messages.slice(0, 3));
    expect(loaded[3]).toMatchObject({ content: 'half', status: 'complete' });
  });

  it('drops entries it cannot read', () => {
    const good = userMessage(4, 'q');
    storage.setItem(
      'playground-messages',
      JSON.stringify({ owner: 1, value: [good, null, { role: 'robot', id: '5', content: 'x' }, { id: 6 }] }),
    );
    expect(loadConversation(1, 'interrupted')).toEqual([good]);
  });

  it("does not show one user's settings or conversation to another", () => {
    saveSettings(1, { group: 'vip', model: 'm', temperature: 1, max_tokens: 5, system_prompt: 'mine' });
    saveConversation(1, [userMessage(4, 'private')]);
    expect(loadSettings(2).system_prompt).toBeNull();
    expect(loadConversation(2, 'interrupted')).toEqual([]);
  });
});

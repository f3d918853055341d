import type { TokenView } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { chatLinkFor, chooseChat, fillChatLink, firstEnabledKey, serverAddressOf } from './chat-link.ts';

const KEY = 'a'.repeat(48);
const NEXT_CHAT = 'https://app.nextchat.dev/#/?settings={"key":"{key}","url":"{address}"}';

describe('fillChatLink', () => {
  it('puts in the key with its sk- prefix and the URL-encoded server address, everywhere they occur', () => {
    expect(fillChatLink(NEXT_CHAT, KEY, 'https://gw.example.com')).toBe(
      `https://app.nextchat.dev/#/?settings={"key":"sk-${KEY}","url":"https%3A%2F%2Fgw.example.com"}`,
    );
    expect(fillChatLink('https://c/?k={key}&again={key}&a={address}', KEY, 'http://h:3000')).toBe(
      `https://c/?k=sk-${KEY}&again=sk-${KEY}&a=http%3A%2F%2Fh%3A3000`,
    );
  });

  it('refuses what is not an http(s) link, so the frame never runs script in the console', () => {
    expect(fillChatLink('javascript:alert("{key}")', KEY, 'https://gw')).toBeNull();
    expect(fillChatLink('fluent://open?key={key}', KEY, 'https://gw')).toBeNull();
    expect(fillChatLink('not a url {key}', KEY, 'https://gw')).toBeNull();
  });
});

describe('serverAddressOf', () => {
  it('uses the configured address without a trailing slash, else the console origin', () => {
    expect(serverAddressOf('https://gw.example.com/', 'http://localhost:3000')).toBe(
      'https://gw.example.com',
    );
    expect(serverAddressOf('', 'http://localhost:3000')).toBe('http://localhost:3000');
    expect(serverAddressOf(undefined, 'http://o')).toBe('http://o');
  });
});

describe('chooseChat', () => {
  const chats = [{ Web: 'https://w/{key}' }, { Lobe: 'https://l/{key}' }];

  it('picks the chat at the route index, or the first without one', () => {
    expect(chooseChat(chats, '1')).toEqual({
      ok: true,
      chat: { index: 1, name: 'Lobe', link: 'https://l/{key}' },
    });
    expect(chooseChat(chats, undefined)).toMatchObject({ ok: true, chat: { index: 0, name: 'Web' } });
  });

  it('names a chat that is not configured: no chats, an index past the list, an id that is no index', () => {
    expect(chooseChat([], undefined)).toEqual({ ok: false, problem: 'notConfigured' });
    expect(chooseChat([], '0')).toEqual({ ok: false, problem: 'notConfigured' });
    expect(chooseChat(chats, '2')).toEqual({ ok: false, problem: 'notConfigured' });
    expect(chooseChat(chats, 'x1')).toEqual({ ok: false, problem: 'notConfigured' });
    expect(chooseChat(chats, '-1')).toEqual({ ok: false, problem: 'notConfigured' });
  });

  it('names a listed entry that is not a {name: link} pair a configuration error', () => {
    expect(chooseChat([{}, { Web: 'https://w' }], '0')).toEqual({ ok: false, problem: 'badLink' });
    expect(chooseChat([{ Web: 42 }], '0')).toEqual({ ok: false, problem: 'badLink' });
  });

  it('cannot read chats that are not a list', () => {
    expect(chooseChat('[{"Web":"https://w"}', '0')).toEqual({ ok: false, problem: 'unreadable' });
    expect(chooseChat(undefined, undefined)).toEqual({ ok: false, problem: 'unreadable' });
  });
});

describe('chatLinkFor', () => {
  const chat = { index: 0, name: 'Web', link: 'https://w/?key={key}' };

  it('is ready with the link filled in', () => {
    expect(chatLinkFor(chat, KEY, 'https://gw')).toEqual({
      phase: 'ready',
      link: `https://w/?key=sk-${KEY}`,
    });
  });

  it('asks for an enabled token when the user has none', () => {
    expect(chatLinkFor(chat, null, 'https://gw')).toEqual({ phase: 'noToken' });
  });

  it('calls a link that cannot be built a configuration error', () => {
    expect(chatLinkFor({ ...chat, link: 'javascript:{key}' }, KEY, 'https://gw')).toEqual({
      phase: 'problem',
      problem: 'badLink',
    });
  });
});
const token = (id: number, status: number): TokenView =>
  ({ id, status, key: `key-${id}`, name: `t${id}` }) as TokenView;

describe('firstEnabledKey', () => {
  it("takes the first enabled token in the list's order, passing over disabled, expired and exhausted ones", () => {
    expect(firstEnabledKey([token(9, 2), token(8, 3), token(7, 4), token(6, 1), token(5, 1)])).toBe('key-6');
  });

  it('is null when no token is enabled', () => {
    expect(firstEnabledKey([])).toBeNull();
    expect(firstEnabledKey([token(1, 2)])).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import {
  chatBody,
  defaultSettings,
  missingSetting,
  parseMaxTokens,
  parseTemperature,
} from './chat-request.ts';
import { appendText, completeReply, failReply, loadingReply, userMessage } from './messages.ts';

describe('playground request', () => {
  it('has the defaults of spec 001 §9, the system prompt being the default one', () => {
    expect(defaultSettings()).toEqual({
      group: '',
      model: 'gpt-4o-mini',
      temperature: 0,
      max_tokens: 0,
      system_prompt: null,
    });
  });

  it('requires a group, then a model', () => {
    const settings = { ...defaultSettings(), group: 'default' };
    expect(missingSetting(settings)).toBeNull();
    expect(missingSetting({ ...settings, group: ' ' })).toBe('playground.groupRequired');
    expect(missingSetting({ ...settings, model: '' })).toBe('playground.modelRequired');
  });

  it('parses max_tokens as an integer, anything else being 0', () => {
    expect(parseMaxTokens('256')).toBe(256);
    expect(parseMaxTokens(100.7)).toBe(100);
    expect(parseMaxTokens('12abc')).toBe(12);
    for (const bad of ['', 'abc', -5, null, undefined, 0]) expect(parseMaxTokens(bad)).toBe(0);
  });

  it('keeps the temperature at 0 or within 0.1 to 1, to one decimal', () => {
    expect(parseTemperature(0)).toBe(0);
    expect(parseTemperature(0.30000000000000004)).toBe(0.3);
    expect(parseTemperature(7)).toBe(1);
    expect(parseTemperature(-1)).toBe(0);
    expect(parseTemperature('x')).toBe(0);
  });

  const conversation = [
    userMessage(4, 'first'),
    completeReply(appendText(loadingReply(5), 'answer')),
    userMessage(6, 'second'),
    failReply(loadingReply(7), 'no channel'),
    userMessage(8, 'third'),
    completeReply(loadingReply(9)),
    userMessage(10, 'fourth'),
  ];

  it('sends the system prompt first when it is not empty, then the conversation without failed or empty replies', () => {
    const settings = {
      ...defaultSettings(),
      system_prompt: 'Be brief.',
      group: 'vip',
      temperature: 0.5,
      max_tokens: 64,
    };
    expect(chatBody(settings, conversation, 'Be helpful.')).toEqual({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'first' },
        { role: 'assistant', content: 'answer' },
        { role: 'user', content: 'second' },
        { role: 'user', content: 'third' },
        { role: 'user', content: 'fourth' },
      ],
      stream: true,
      model: 'gpt-4o-mini',
      group: 'vip',
      temperature: 0.5,
      max_tokens: 64,
    });
  });

  it('sends the default system prompt until the user sets one', () => {
    const body = chatBody({ ...defaultSettings(), group: 'default' }, [userMessage(4, 'hi')], 'Be helpful.');
    expect(body.messages[0]).toEqual({ role: 'system', content: 'Be helpful.' });
  });

  it('leaves out an empty system prompt, and max_tokens 0 (no limit)', () => {
    const settings = { ...defaultSettings(), system_prompt: '   ', group: 'default' };
    const body = chatBody(settings, [userMessage(4, 'hi')], 'Be helpful.');
    expect(body.messages).toEqual([{ role: 'user', content: 'hi' }]);
    expect(body).not.toHaveProperty('max_tokens');
    expect(body.temperature).toBe(0);
  });
});

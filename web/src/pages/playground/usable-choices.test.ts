import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL } from './chat-request.ts';
import { usableGroup, usableModel } from './usable-choices.ts';

describe('the group and model the playground opens on', () => {
  it('keeps a group still usable, else takes the user’s own, else the first', () => {
    expect(usableGroup('vip', ['default', 'vip'], 'default')).toBe('vip');
    expect(usableGroup('svip', ['default', 'vip'], 'vip')).toBe('vip');
    expect(usableGroup('svip', ['default', 'vip'], 'gone')).toBe('default');
    expect(usableGroup('svip', [], 'default')).toBe('');
  });

  it('keeps the last model used while it is offered', () => {
    expect(usableModel('claude-3-haiku', ['claude-3-haiku', DEFAULT_MODEL])).toBe('claude-3-haiku');
  });

  it('opens on an offered model, never on one the groups do not serve', () => {
    expect(usableModel(DEFAULT_MODEL, ['deepseek-chat', 'qwen-max'])).toBe('deepseek-chat');
    expect(usableModel('retired-model', ['deepseek-chat', DEFAULT_MODEL])).toBe(DEFAULT_MODEL);
  });

  it('keeps the model when nothing is offered, so the panel can say so', () => {
    expect(usableModel(DEFAULT_MODEL, [])).toBe(DEFAULT_MODEL);
  });
});

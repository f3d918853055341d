import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { asText, LocalizedError, msg, render } from './text.ts';
import { issueText, zodText } from './zod-issue.ts';

describe('render', () => {
  it('fills the parameters, nested messages and bilingual texts in the language asked for', () => {
    const text = msg('channel.selectAtLeastOne', { what: msg('channel.word.model') });
    expect(render(text, 'en')).toBe('please select at least one model');
    expect(render(text, 'zh')).toBe('请至少选择一个模型');
    const shape = msg('option.wrongShape', { key: 'K', where: '', detail: { en: 'bad', zh: '坏' } });
    expect(render(shape, 'en')).toBe('option K has the wrong shape: bad');
    expect(render(shape, 'zh')).toBe('选项 K 的格式不对：坏');
  });

  it('keeps a dollar sign and numbers as the English template literal did', () => {
    expect(render(msg('log.consumePrice', { price: 0.002, group: 1 }), 'en')).toBe(
      'model price $0.002, group ratio 1',
    );
  });

  it('gives a LocalizedError the English words as its message', () => {
    const error = new LocalizedError(msg('http.tooManyRequests'), 429);
    expect(error.message).toBe('too many requests, try again later');
    expect(error.statusCode).toBe(429);
  });
});

describe('asText', () => {
  it('reads back a stored Text, and refuses anything the catalogue does not know', () => {
    const stored = JSON.parse(JSON.stringify(msg('log.redeemed', { id: 3, quota: 10 })));
    expect(asText(stored)).toEqual(stored);
    expect(asText({ id: 'no.such.message', params: {} })).toBeNull();
    expect(asText({ id: 'log.redeemed', params: { id: { id: 'nope', params: {} } } })).toBeNull();
    expect(asText({ id: 'log.redeemed', params: { id: [1] } })).toBeNull();
    expect(asText('log.redeemed')).toBeNull();
    expect(asText(null)).toBeNull();
  });
});

describe('zod messages', () => {
  const schema = z.object({
    name: z.string().min(1, zodText('token.nameEmpty')),
    count: z.number().int(),
  });
  const firstIssue = (input: unknown) => {
    const result = schema.safeParse(input, { reportInput: true });
    if (result.success) throw new Error('accepted');
    return issueText(result.error.issues[0]!);
  };

  it("renders a schema's own message from the catalogue", () => {
    const detail = firstIssue({ name: '', count: 1 });
    expect(render(msg('param.invalid', { field: 'name: ', detail }), 'en')).toBe(
      'invalid parameter: name: token name cannot be empty',
    );
    expect(render(msg('param.invalid', { field: 'name: ', detail }), 'zh')).toBe(
      '参数无效：name: 令牌名称不能为空',
    );
  });

  it('says what to fix for built-in checks, in our words and both languages', () => {
    const shown = (input: unknown) => {
      const detail = firstIssue(input);
      return {
        en: render(msg('verbatim', { text: detail }), 'en'),
        zh: render(msg('verbatim', { text: detail }), 'zh'),
      };
    };
    expect(shown({ name: 'a', count: 'x' })).toEqual({ en: 'must be a number', zh: '应为数字' });
    expect(shown({ name: 'a' })).toEqual({ en: 'is required', zh: '必须填写' });
    expect(shown({ name: 'a', count: 1.5 })).toEqual({ en: 'must be a whole number', zh: '应为整数' });
    const other = z.object({
      mail: z.email().optional(),
      size: z.number().max(10).optional(),
      mode: z.enum(['a', 'b']).optional(),
      tags: z.array(z.string()).min(1).optional(),
    });
    const texts = [{ mail: 'x' }, { size: 11 }, { mode: 'c' }, { tags: [] }].map((input) => {
      const result = other.safeParse(input, { reportInput: true });
      if (result.success) throw new Error('accepted');
      return render(msg('verbatim', { text: issueText(result.error.issues[0]!) }), 'en');
    });
    expect(texts).toEqual([
      'is not a valid e-mail address',
      'must be at most 10',
      'must be one of: "a", "b"',
      'must have at least 1 item(s)',
    ]);
  });
});

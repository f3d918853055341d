import { describe, expect, it } from 'vitest';
import { GeminiCallAssembler, parseJsonPath } from './gemini-call-assembler.ts';

describe('parseJsonPath', () => {
  it('splits names, indexes and quoted names', () => {
    expect(parseJsonPath('$.recipe.ingredients[3].name')).toEqual(['recipe', 'ingredients', 3, 'name']);
    expect(parseJsonPath("$['a b'].c")).toEqual(['a b', 'c']);
    expect(parseJsonPath('$.steps[0]')).toEqual(['steps', 0]);
  });

  it('refuses the bare root and what is not a path', () => {
    expect(parseJsonPath('$')).toBeUndefined();
    expect(parseJsonPath('a.b')).toBeUndefined();
    expect(parseJsonPath('$..a')).toBeUndefined();
  });
});

describe('GeminiCallAssembler', () => {
  it('passes a whole call through at once', () => {
    const assembler = new GeminiCallAssembler();
    expect(assembler.push({ name: 'weather', args: { city: 'Paris' } })).toEqual([
      { name: 'weather', args: { city: 'Paris' } },
    ]);
    expect(assembler.push({ name: 'now' })).toEqual([{ name: 'now', args: {} }]);
    expect(assembler.flush()).toEqual([]);
  });

  it('keeps the id Gemini gives', () => {
    expect(new GeminiCallAssembler().push({ id: 'fc-1', name: 'now', args: {} })).toEqual([
      { id: 'fc-1', name: 'now', args: {} },
    ]);
  });

  it('builds streamed arguments: nested objects, arrays, strings in pieces, numbers, booleans, nulls', () => {
    const assembler = new GeminiCallAssembler();
    const parts = [
      { name: 'plan', willContinue: true },
      {
        partialArgs: [{ jsonPath: '$.title', stringValue: 'Dinner ', willContinue: true }],
        willContinue: true,
      },
      {
        partialArgs: [{ jsonPath: '$.title', stringValue: 'party', willContinue: true }],
        willContinue: true,
      },
      { partialArgs: [{ jsonPath: '$.title', stringValue: '' }], willContinue: true },
      { willContinue: true },
      { partialArgs: [{ jsonPath: '$.items[0].name', stringValue: 'soup' }], willContinue: true },
      { partialArgs: [{ jsonPath: '$.items[0].price', numberValue: 4.5 }], willContinue: true },
      {
        partialArgs: [
          { jsonPath: '$.items[1].name', stringValue: 'bread' },
          { jsonPath: '$.items[1].vegan', boolValue: true },
        ],
        willContinue: true,
      },
      { partialArgs: [{ jsonPath: '$.note', nullValue: 'NULL_VALUE' }], willContinue: true },
    ];
    for (const part of parts) expect(assembler.push(part)).toEqual([]);
    expect(assembler.push({})).toEqual([
      {
        name: 'plan',
        args: {
          title: 'Dinner party',
          items: [
            { name: 'soup', price: 4.5 },
            { name: 'bread', vegan: true },
          ],
          note: null,
        },
      },
    ]);
  });

  it('does not join two values of a path when the first did not say it goes on', () => {
    const assembler = new GeminiCallAssembler();
    assembler.push({ name: 'f', willContinue: true });
    assembler.push({ partialArgs: [{ jsonPath: '$.a', stringValue: 'x' }], willContinue: true });
    assembler.push({ partialArgs: [{ jsonPath: '$.a', stringValue: 'y' }], willContinue: true });
    expect(assembler.flush()).toEqual([{ name: 'f', args: { a: 'y' } }]);
  });

  it('closes a streamed call on a part without willContinue, a new call, or flush', () => {
    const closedByPart = new GeminiCallAssembler();
    closedByPart.push({ name: 'a', willContinue: true });
    expect(closedByPart.push({ partialArgs: [{ jsonPath: '$.n', numberValue: 1 }] })).toEqual([
      { name: 'a', args: { n: 1 } },
    ]);

    const closedByNext = new GeminiCallAssembler();
    closedByNext.push({ name: 'a', willContinue: true });
    expect(closedByNext.push({ name: 'b', args: { x: 1 } })).toEqual([
      { name: 'a', args: {} },
      { name: 'b', args: { x: 1 } },
    ]);

    const closedByFlush = new GeminiCallAssembler();
    closedByFlush.push({ name: 'a', willContinue: true });
    expect(closedByFlush.flush()).toEqual([{ name: 'a', args: {} }]);
    expect(closedByFlush.flush()).toEqual([]);
  });

  it('ignores closing parts with no call open, unreadable paths, and keeps __proto__ as data', () => {
    const assembler = new GeminiCallAssembler();
    expect(assembler.push({})).toEqual([]);
    assembler.push({ name: 'f', willContinue: true });
    assembler.push({
      partialArgs: [{ jsonPath: 'nope', stringValue: 'x' }, { jsonPath: '$.a' }],
      willContinue: true,
    });
    assembler.push({
      partialArgs: [{ jsonPath: '$.__proto__.polluted', boolValue: true }],
      willContinue: true,
    });
    const [call] = assembler.flush();
    expect(Object.keys(call!.args)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('leaves the incoming args untouched', () => {
    const args = { a: { b: 1 } };
    const assembler = new GeminiCallAssembler();
    assembler.push({ name: 'f', args, willContinue: true });
    assembler.push({ partialArgs: [{ jsonPath: '$.a.c', numberValue: 2 }] });
    expect(args).toEqual({ a: { b: 1 } });
  });
});

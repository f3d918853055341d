import { describe, expect, it } from 'vitest';
import { outcomeMessageKey, saveChanges, saveOutcome } from './save-options.ts';

describe('saveOutcome', () => {
  it('names the four outcomes', () => {
    expect(saveOutcome(0, 0)).toBe('nothing');
    expect(saveOutcome(3, 0)).toBe('saved');
    expect(saveOutcome(3, 1)).toBe('partial');
    expect(saveOutcome(2, 2)).toBe('failed');
    expect(outcomeMessageKey('nothing')).toBe('common.nothingChanged');
    expect(outcomeMessageKey('partial')).toBe('common.partialSaveFailed');
    expect(outcomeMessageKey('failed')).toBe('common.saveFailed');
    expect(outcomeMessageKey('saved')).toBe('common.saved');
  });
});

describe('saveChanges', () => {
  it('sends every change in order and keeps going after a refusal', async () => {
    const sent: string[] = [];
    const report = await saveChanges(
      [
        { key: 'A', value: '1' },
        { key: 'B', value: '2' },
        { key: 'C', value: '3' },
      ],
      async ({ key }) => {
        sent.push(key);
        if (key === 'B') throw new Error('B refused');
      },
    );
    expect(sent).toEqual(['A', 'B', 'C']);
    expect(report).toEqual({ outcome: 'partial', failures: [{ key: 'B', message: 'B refused' }] });
  });

  it('reports nothing to do without calling the server', async () => {
    let calls = 0;
    const report = await saveChanges([], async () => {
      calls += 1;
    });
    expect(calls).toBe(0);
    expect(report.outcome).toBe('nothing');
  });
});

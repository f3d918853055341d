import { describe, expect, it } from 'vitest';
import { optionLabelKey } from '../sections/option-labels.ts';
import { outcomeMessageKey, refusalText, saveChanges, saveOutcome } from './save-options.ts';

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
        { key: 'SystemName', value: '1' },
        { key: 'Logo', value: '2' },
        { key: 'Footer', value: '3' },
      ],
      async ({ key }) => {
        sent.push(key);
        if (key === 'Logo') throw new Error('Logo refused');
      },
    );
    expect(sent).toEqual(['SystemName', 'Logo', 'Footer']);
    expect(report).toEqual({ outcome: 'partial', failures: [{ key: 'Logo', message: 'Logo refused' }] });
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

describe('refusalText', () => {
  it('names the field by its label where the server named the option by its key', () => {
    const failure = { key: 'ModelRatio', message: '选项 ModelRatio 的格式不对：应为对象' };
    expect(refusalText(failure, '模型倍率')).toBe('选项 “模型倍率” 的格式不对：应为对象');
  });

  it('puts the label first when the server did not name the option', () => {
    const failure = { key: 'SMTPPort', message: 'must be at most 65535' };
    expect(refusalText(failure, 'SMTP port')).toBe('“SMTP port”: must be at most 65535');
  });

  it('knows the label of every option the settings edit', () => {
    expect(optionLabelKey('ModelRatio')).toBe('f.modelRatio');
    expect(optionLabelKey('NotAnOption')).toBeUndefined();
  });
});

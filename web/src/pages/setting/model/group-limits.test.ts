import { describe, expect, it } from 'vitest';
import {
  emptyRow,
  groupLimitProblems,
  groupLimitsJson,
  MAX_COUNT,
  parseGroupLimits,
  type GroupLimitRow,
} from './group-limits.ts';
import { collectChanges, fieldProblem, toFormValues, type FieldSpec } from './option-fields.ts';

const row = (group: string, total: number | null, success: number | null): GroupLimitRow => ({
  group,
  total,
  success,
});

describe('parseGroupLimits', () => {
  it('turns the stored object into one row per group, in order', () => {
    expect(parseGroupLimits('{"vip": [0, 50], "default": [10, 5]}')).toEqual([
      row('vip', 0, 50),
      row('default', 10, 5),
    ]);
  });

  it('reads empty text and {} as no rows', () => {
    expect(parseGroupLimits('')).toEqual([]);
    expect(parseGroupLimits('{}')).toEqual([]);
  });

  it('refuses text that is not an object of pairs', () => {
    for (const text of ['nope', '[]', '[[1, 2]]', 'null', '{"vip": 3}', '{"vip": [1]}', '{"vip": [1, 2, 3]}'])
      expect(parseGroupLimits(text), text).toBeUndefined();
  });

  it('keeps a non-number count as empty, so validation names it', () => {
    expect(parseGroupLimits('{"vip": ["1", 2]}')).toEqual([row('vip', null, 2)]);
  });
});

describe('groupLimitProblems', () => {
  it('accepts what the server accepts: total 0 (unlimited) and success at least 1', () => {
    expect(groupLimitProblems([row('vip', 0, 1), row('default', MAX_COUNT, MAX_COUNT)])).toEqual([]);
    expect(groupLimitProblems([])).toEqual([]);
  });

  it('names the row and field of each problem', () => {
    expect(
      groupLimitProblems([
        row(' ', 1, 1),
        row('vip', -1, 0),
        row('vip ', 1.5, null),
        row('svip', MAX_COUNT + 1, 1),
      ]),
    ).toEqual([
      { row: 0, field: 'group', problem: 'groupRequired' },
      { row: 1, field: 'total', problem: 'totalTooSmall' },
      { row: 1, field: 'success', problem: 'successTooSmall' },
      { row: 2, field: 'group', problem: 'groupDuplicate' },
      { row: 2, field: 'total', problem: 'countNotInteger' },
      { row: 2, field: 'success', problem: 'countRequired' },
      { row: 3, field: 'total', problem: 'countTooLarge' },
    ]);
  });

  it('a new row needs only its group name', () => {
    expect(groupLimitProblems([emptyRow()])).toEqual([{ row: 0, field: 'group', problem: 'groupRequired' }]);
    expect(groupLimitProblems([{ ...emptyRow(), group: 'vip' }])).toEqual([]);
  });
});

describe('groupLimitsJson', () => {
  it('saves rows as {"group": [total, success]} with trimmed names, and reads back the same rows', () => {
    const rows = [row(' vip ', 0, 50), row('default', 10, 5)];
    const text = groupLimitsJson(rows);
    expect(JSON.parse(text)).toEqual({ vip: [0, 50], default: [10, 5] });
    expect(parseGroupLimits(text)).toEqual([row('vip', 0, 50), row('default', 10, 5)]);
    expect(JSON.parse(groupLimitsJson([]))).toEqual({});
  });
});

describe('the groupLimits field in a settings form', () => {
  const field: FieldSpec = { key: 'ModelRequestRateLimitGroup', kind: 'groupLimits', label: 'x' };
  const options = { ModelRequestRateLimitGroup: '{"vip":[10,5]}' };

  it('starts with the stored rows', () => {
    expect(toFormValues([field], options)).toEqual({ ModelRequestRateLimitGroup: [row('vip', 10, 5)] });
  });

  it('sends the rows as JSON only when they changed', () => {
    const same = collectChanges([field], options, { ModelRequestRateLimitGroup: [row('vip', 10, 5)] });
    expect(same).toEqual({ changes: [], problems: [] });
    const added = collectChanges([field], options, {
      ModelRequestRateLimitGroup: [row('vip', 10, 5), row('svip', 0, 100)],
    });
    expect(added.problems).toEqual([]);
    expect(JSON.parse(added.changes[0]!.value)).toEqual({ vip: [10, 5], svip: [0, 100] });
  });

  it('refuses to send rows the server would refuse', () => {
    expect(fieldProblem(field, [row('', 1, 1)])).toBe('badRows');
    expect(collectChanges([field], options, { ModelRequestRateLimitGroup: [row('vip', 1, 0)] })).toEqual({
      changes: [],
      problems: [{ key: 'ModelRequestRateLimitGroup', problem: 'badRows' }],
    });
  });
});

import { describe, expect, it } from 'vitest';
import { collapseModels } from './models-collapse.ts';

const models = Array.from({ length: 13 }, (_, i) => `model-${i + 1}`);

describe('collapseModels', () => {
  it('shows every model when there are ten or fewer, with no toggle', () => {
    expect(collapseModels(models.slice(0, 10), false)).toEqual({
      visible: models.slice(0, 10),
      hidden: 0,
      collapsible: false,
    });
    expect(collapseModels([], false)).toEqual({ visible: [], hidden: 0, collapsible: false });
  });
  it('shows the first ten and counts the rest while collapsed', () => {
    expect(collapseModels(models, false)).toEqual({
      visible: models.slice(0, 10),
      hidden: 3,
      collapsible: true,
    });
  });
  it('shows them all when expanded', () => {
    expect(collapseModels(models, true)).toEqual({ visible: models, hidden: 0, collapsible: true });
  });
});

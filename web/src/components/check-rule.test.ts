import { describe, expect, it } from 'vitest';
import { checkRule } from './check-rule.ts';

describe('checkRule', () => {
  const rule = checkRule((value) => value === 'ok', 'must be ok');
  const validate = (value: unknown) => rule.validator!({}, value, () => {});

  it('accepts a value the check passes', async () => {
    await expect(validate('ok')).resolves.toBeUndefined();
  });

  it('rejects any other value with the message', async () => {
    await expect(validate('no')).rejects.toThrow('must be ok');
  });
});

import type { ManageAction } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { inEnglish } from '../../i18n/in-english.ts';
import { render } from '../../i18n/text.ts';
import * as rules from './role-rules.ts';

const canActOn = inEnglish(rules.canActOn);
const canCreateWithRole = inEnglish(rules.canCreateWithRole);
const canManage = inEnglish(rules.canManage);
const canSetRole = inEnglish(rules.canSetRole);

const ROLES = [1, 10, 100] as const;
const ACTIONS: ManageAction[] = ['disable', 'enable', 'delete', 'promote', 'demote'];

type R = (typeof ROLES)[number];

const RANK = render(rules.NO_PERMISSION_SAME_OR_HIGHER, 'en');
const CREATE_TOO_HIGH = 'cannot create users with a role greater than or equal to your own';
const ADMIN_CANNOT_PROMOTE = 'a regular admin cannot promote others to admin';
const ROOT_NOT_DEMOTED = 'cannot demote the super admin';

describe('canActOn: read, update or delete another user', () => {
  const expected: Record<R, Record<R, string | null>> = {
    1: { 1: RANK, 10: RANK, 100: RANK },
    10: { 1: null, 10: RANK, 100: RANK },
    100: { 1: null, 10: null, 100: null },
  };
  for (const actor of ROLES) {
    for (const target of ROLES) {
      it(`actor ${actor} on target ${target}: ${expected[actor][target] ?? 'allowed'}`, () => {
        expect(canActOn(actor, target)).toBe(expected[actor][target]);
      });
    }
  }
});

describe('canCreateWithRole: only roles strictly below your own, and only known roles', () => {
  const expected: Record<R, Record<R, string | null>> = {
    1: { 1: CREATE_TOO_HIGH, 10: CREATE_TOO_HIGH, 100: CREATE_TOO_HIGH },
    10: { 1: null, 10: CREATE_TOO_HIGH, 100: CREATE_TOO_HIGH },
    100: { 1: null, 10: null, 100: CREATE_TOO_HIGH },
  };
  for (const actor of ROLES) {
    for (const newRole of ROLES) {
      it(`actor ${actor} creating role ${newRole}: ${expected[actor][newRole] ?? 'allowed'}`, () => {
        expect(canCreateWithRole(actor, newRole)).toBe(expected[actor][newRole]);
      });
    }
    it(`actor ${actor} creating an unknown role is refused`, () => {
      for (const bad of [0, -1, 2, 5, 11, 50, 99, 101, 1000, 1.5, Number.NaN]) {
        expect(canCreateWithRole(actor, bad)).toBe('invalid role');
      }
    });
  }
});

describe('canSetRole: the role field of the edit form', () => {
  // expected[actor][target][newRole], as the rule itself answers (the route checks canActOn first).
  const expected: Record<R, Record<R, Record<R, string | null>>> = {
    1: {
      1: { 1: null, 10: ADMIN_CANNOT_PROMOTE, 100: ADMIN_CANNOT_PROMOTE },
      10: { 1: CREATE_TOO_HIGH, 10: null, 100: ADMIN_CANNOT_PROMOTE },
      100: { 1: ROOT_NOT_DEMOTED, 10: ROOT_NOT_DEMOTED, 100: null },
    },
    10: {
      1: { 1: null, 10: ADMIN_CANNOT_PROMOTE, 100: ADMIN_CANNOT_PROMOTE },
      10: { 1: null, 10: null, 100: ADMIN_CANNOT_PROMOTE },
      100: { 1: ROOT_NOT_DEMOTED, 10: ROOT_NOT_DEMOTED, 100: null },
    },
    100: {
      1: { 1: null, 10: null, 100: CREATE_TOO_HIGH },
      10: { 1: null, 10: null, 100: CREATE_TOO_HIGH },
      100: { 1: ROOT_NOT_DEMOTED, 10: ROOT_NOT_DEMOTED, 100: null },
    },
  };
  for (const actor of ROLES) {
    for (const target of ROLES) {
      for (const newRole of ROLES) {
        const verdict = expected[actor][target][newRole];
        it(`actor ${actor}, target ${target} -> role ${newRole}: ${verdict ?? 'allowed'}`, () => {
          expect(canSetRole(actor, target, newRole)).toBe(verdict);
        });
      }
    }
  }

  it('an unknown new role is refused for every actor and every non-root target', () => {
    for (const actor of ROLES) {
      for (const target of [1, 10] as const) {
        for (const bad of [0, 5, 50, 101]) {
          expect(canSetRole(actor, target, bad)).not.toBeNull();
        }
      }
    }
  });

  it('the edit form as the route applies it (canActOn, then canSetRole) never lets anyone but root grant admin', () => {
    for (const actor of ROLES) {
      for (const target of ROLES) {
        for (const newRole of ROLES) {
          const verdict = canActOn(actor, target) ?? canSetRole(actor, target, newRole);
          if (newRole !== target && newRole >= 10 && actor < 100) expect(verdict).not.toBeNull();
          if (newRole >= actor && newRole !== target) expect(verdict).not.toBeNull();
          if (target === 100 && newRole !== 100) expect(verdict).not.toBeNull();
        }
      }
    }
  });
});

describe('canManage: every action over the whole matrix', () => {
  const ALL_RANK = { disable: RANK, enable: RANK, delete: RANK, promote: RANK, demote: RANK };
  const expected: Record<R, Record<R, Record<ManageAction, string | null>>> = {
    1: { 1: ALL_RANK, 10: ALL_RANK, 100: ALL_RANK },
    10: {
      1: {
        disable: null,
        enable: null,
        delete: null,
        promote: ADMIN_CANNOT_PROMOTE,
        demote: 'the user is already a common user',
      },
      10: ALL_RANK,
      100: ALL_RANK,
    },
    100: {
      1: {
        disable: null,
        enable: null,
        delete: null,
        promote: null,
        demote: 'the user is already a common user',
      },
      10: {
        disable: null,
        enable: null,
        delete: null,
        promote: 'the user is already an admin',
        demote: null,
      },
      100: {
        disable: 'cannot disable the super admin',
        enable: null,
        delete: 'cannot delete the super admin',
        promote: 'the user is already an admin',
        demote: ROOT_NOT_DEMOTED,
      },
    },
  };
  for (const actor of ROLES) {
    for (const target of ROLES) {
      for (const action of ACTIONS) {
        const verdict = expected[actor][target][action];
        it(`actor ${actor} ${action}s target ${target}: ${verdict ?? 'allowed'}`, () => {
          expect(canManage(actor, target, action)).toBe(verdict);
        });
      }
    }
  }

  it('invariants: root is never disabled, deleted or demoted; only root promotes; rank comes first', () => {
    for (const actor of ROLES) {
      for (const target of ROLES) {
        if (target === 100) {
          for (const action of ['disable', 'delete', 'demote'] as const) {
            expect(canManage(actor, target, action)).not.toBeNull();
          }
        }
        if (actor < 100) expect(canManage(actor, target, 'promote')).not.toBeNull();
        if (actor < 100 && actor <= target) {
          for (const action of ACTIONS) expect(canManage(actor, target, action)).toBe(RANK);
        }
      }
    }
  });
});

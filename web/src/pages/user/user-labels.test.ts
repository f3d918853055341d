import { describe, expect, it } from 'vitest';
import { roleLabel } from '../../components/role-label.ts';
import { applyManageResult, rowActions, statusLabel } from './user-labels.ts';

describe('roleLabel', () => {
  it('names the three roles and calls anything else unknown', () => {
    expect(roleLabel(1).key).toBe('role.common');
    expect(roleLabel(10).key).toBe('role.admin');
    expect(roleLabel(100).key).toBe('role.root');
    expect(roleLabel(0).key).toBe('role.unknown');
    expect(roleLabel(50).key).toBe('role.unknown');
  });
});

describe('statusLabel', () => {
  it('names active, banned and unknown', () => {
    expect(statusLabel({ role: 1, status: 1 }).key).toBe('user.status.active');
    expect(statusLabel({ role: 1, status: 2 }).key).toBe('user.status.banned');
    expect(statusLabel({ role: 1, status: 3 }).key).toBe('user.status.unknown');
  });
  it('marks soft-deleted rows as deregistered whatever their status', () => {
    expect(statusLabel({ role: 1, status: 1, DeletedAt: '2026-01-01T00:00:00Z' }).key).toBe(
      'user.status.deregistered',
    );
  });
});

describe('rowActions', () => {
  it('offers promote, disable and deregister for an active normal user', () => {
    expect(rowActions({ role: 1, status: 1 })).toEqual(['edit', 'promote', 'disable', 'delete']);
  });
  it('offers demote and enable for a banned admin', () => {
    expect(rowActions({ role: 10, status: 2 })).toEqual(['edit', 'demote', 'enable', 'delete']);
  });
  it('never offers enable for status 3', () => {
    expect(rowActions({ role: 1, status: 3 })).toEqual(['edit', 'promote', 'delete']);
  });
  it('offers only edit on the super admin', () => {
    expect(rowActions({ role: 100, status: 1 })).toEqual(['edit']);
  });
  it('offers nothing on a deregistered row', () => {
    expect(rowActions({ role: 1, status: 1, DeletedAt: '2026-01-01T00:00:00Z' })).toEqual([]);
  });
  it('treats a null DeletedAt as live', () => {
    expect(rowActions({ role: 1, status: 2, DeletedAt: null })).toContain('enable');
  });
});

describe('applyManageResult', () => {
  const row = { id: 7, role: 1, status: 1, DeletedAt: null as string | null };
  it('takes the new status and role from the answer', () => {
    expect(applyManageResult(row, 'disable', { status: 2, role: 1 })).toEqual({ ...row, status: 2 });
    expect(applyManageResult(row, 'promote', { status: 1, role: 10 })).toEqual({ ...row, role: 10 });
  });
  it('marks a deregistered row', () => {
    const now = new Date('2026-02-03T04:05:06Z');
    expect(applyManageResult(row, 'delete', { status: 1, role: 1 }, now).DeletedAt).toBe(now.toISOString());
  });
});

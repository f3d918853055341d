import { isAdminRole, isRootRole, type LoginResult } from '@relaygate/contract';
import { useSyncExternalStore } from 'react';
import { StorageKey, readJson, writeJson } from '../lib/storage.ts';

/** The signed-in user as kept locally (spec §4: login stores it, logout and deletion clear it). */
export type SessionUser = LoginResult;

type Listener = () => void;
const listeners = new Set<Listener>();
let current: SessionUser | null = readJson<SessionUser>(StorageKey.user);
/** True when the session ended because the server refused it (a 401), not by logging out. */
let expired = false;

export function getSessionUser(): SessionUser | null {
  return current;
}

export function setSessionUser(user: SessionUser | null, options: { expired?: boolean } = {}): void {
  current = user;
  expired = user === null && options.expired === true;
  writeJson(StorageKey.user, user);
  for (const listener of listeners) listener();
}

export function sessionExpired(): boolean {
  return expired;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribe, getSessionUser);
}

export const isAdmin = (user: SessionUser | null): boolean => !!user && isAdminRole(user.role);
export const isRoot = (user: SessionUser | null): boolean => !!user && isRootRole(user.role);

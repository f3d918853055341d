import { isRootRole } from '@relaygate/contract';

/** The password the root account is created with on first start. */
export const DEFAULT_ROOT_PASSWORD = '123456';
export const ROOT_USERNAME = 'root';

/** True when a super admin just signed in as root with the default password (spec §4: change it now). */
export function isDefaultRootLogin(typed: { username: string; password: string }, role: number): boolean {
  return (
    isRootRole(role) && typed.username.trim() === ROOT_USERNAME && typed.password === DEFAULT_ROOT_PASSWORD
  );
}

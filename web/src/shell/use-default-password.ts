import { useSelf } from '../api/self.ts';
import { isRoot, useSessionUser } from '../session/session-store.ts';

/**
 * Whether this root session still has the default password (GET /api/user/self says so in
 * `must_change_password`); `held` is also true while that is not known yet, so the screen behind the
 * password dialog fires no query the server would refuse (each would show a load error).
 */
export function useDefaultPassword(): { mustChange: boolean; held: boolean } {
  const user = useSessionUser();
  const root = isRoot(user);
  const self = useSelf({ enabled: root, staleTime: Infinity });
  const mustChange = root && self.data?.must_change_password === true;
  return { mustChange, held: mustChange || (root && self.isPending) };
}

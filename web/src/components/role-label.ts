import { Role } from '@relaygate/contract';

/** A label's i18n key and the colour of its tag. */
export interface Label {
  key: string;
  color: string;
}

/** Spec §4: 1 normal user, 10 admin, 100 super admin, anything else unknown. */
export function roleLabel(role: number): Label {
  switch (role) {
    case Role.Common:
      return { key: 'role.common', color: 'default' };
    case Role.Admin:
      return { key: 'role.admin', color: 'gold' };
    case Role.Root:
      return { key: 'role.root', color: 'orange' };
    default:
      return { key: 'role.unknown', color: 'default' };
  }
}

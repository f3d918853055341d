import type { StatusObject } from '@relaygate/contract';

/**
 * Where this gateway is reached from outside: the admin's server address (ServerAddress, as
 * /api/status gives it), else the address the browser opened the console at; never a trailing slash.
 */
export function siteAddress(
  status: Pick<StatusObject, 'server_address'> | undefined,
  origin: string,
): string {
  return (status?.server_address || origin).replace(/\/+$/, '');
}

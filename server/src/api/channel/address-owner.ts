import { isRootRole } from '@relaygate/contract';
import type { ChannelRecord } from '../../store/channels.ts';
import { msg } from '../../i18n/text.ts';
import { ApiError } from '../errors.ts';
import type { ChannelFields } from './channel-form.ts';

/** Whether an address chosen by this role is trusted (1) or goes through the outbound guard (0). */
export const addressTrust = (role: number): number => (isRootRole(role) ? 1 : 0);

/** Whether these changes send the channel's calls (and so its key) somewhere else, or in another form. */
function movesAddress(stored: ChannelRecord, changes: ChannelFields): boolean {
  const baseUrlChanges = changes.base_url !== undefined && changes.base_url !== (stored.base_url ?? '');
  const typeChanges = changes.type !== undefined && changes.type !== stored.type;
  return baseUrlChanges || typeChanges;
}

/**
 * A stored key only ever goes to the address it was saved with: a non-root admin who moves a
 * channel must enter its key again in the same request, so no admin can redirect a key they
 * cannot read. Answers the trust of the new address, or nothing when the address stays.
 */
export function addressChange(stored: ChannelRecord, changes: ChannelFields, role: number): ChannelFields {
  if (!movesAddress(stored, changes)) return {};
  if (!isRootRole(role) && changes.key === undefined) throw new ApiError(msg('channel.keyAgain'));
  return { address_trusted: addressTrust(role) };
}

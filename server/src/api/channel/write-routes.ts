import { ChannelStatus } from '@relaygate/contract';
import type { FastifyPluginAsync, RouteHandlerMethod } from 'fastify';
import { currentUser, requireAdmin } from '../../auth/guard.ts';
import { rebuildAllAbilities } from '../../store/abilities-sync.ts';
import { setChannelStatus } from '../../store/channel-status.ts';
import {
  channelIdsWithStatus,
  deleteChannels,
  findChannel,
  findChannelView,
  insertChannels,
  updateChannels,
} from '../../store/channels.ts';
import { nowSeconds } from '../../store/users.ts';
import { ok } from '../envelope.ts';
import { ApiError } from '../errors.ts';
import { parseId, parseInput, withoutNulls } from '../parse-input.ts';
import { addressChange, addressTrust } from './address-owner.ts';
import { channelChanges, newChannelRows } from './channel-form.ts';
import { toChannelView } from './channel-view.ts';
import { addModeSchema, channelInputSchema, idListSchema } from './schemas.ts';
import { renderFor } from '../../i18n/render-for.ts';
import { requestLanguage } from '../../i18n/language.ts';
import { msg } from '../../i18n/text.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** new-api's {mode, channel: {…}}, or the classic body that is the channel itself. */
function readCreateBody(body: unknown): { mode: 'single' | 'batch'; channel: unknown } {
  if (!isObject(body)) throw new ApiError(msg('channel.bodyObject'));
  if (!isObject(body.channel)) return { mode: 'single', channel: body };
  return { mode: parseInput(addModeSchema, body.mode ?? 'single'), channel: body.channel };
}

/** Creating, editing and deleting channels; every write rebuilds the routing index. */
export const channelWriteRoutes: FastifyPluginAsync = async (app) => {
  const { store } = app;
  const guarded = { onRequest: requireAdmin };

  app.post('/api/channel/', guarded, async (request) => {
    const { mode, channel } = readCreateBody(request.body);
    const rows = newChannelRows(parseInput(channelInputSchema, channel), mode, nowSeconds());
    const trust = addressTrust(currentUser(request).role);
    const ids = await insertChannels(
      store,
      rows.map((row) => ({ ...row, address_trusted: trust })),
    );
    await app.channels.rebuild();
    return ok({ ids });
  });

  app.put('/api/channel/', guarded, async (request) => {
    const body = request.body;
    if (!isObject(body)) throw new ApiError(msg('channel.bodyObject'));
    const id = parseId(body.id);
    const stored = await findChannel(store.db, id);
    if (!stored) throw new ApiError(msg('channel.notFound'));
    const { changes, status } = channelChanges(
      stored,
      parseInput(channelInputSchema, body),
      Object.keys(withoutNulls(body) as object),
    );
    Object.assign(changes, addressChange(stored, changes, currentUser(request).role));
    await updateChannels(store.db, [id], changes);
    if (status !== undefined) await setChannelStatus(store.db, id, status);
    await app.channels.rebuild();
    const updated = await findChannelView(store.db, id);
    return ok(updated ? toChannelView(updated, requestLanguage(request)) : undefined);
  });

  const deleteOne: RouteHandlerMethod = async (request) => {
    const id = parseId((request.params as { id: string }).id);
    if ((await deleteChannels(store.db, [id])) === 0) throw new ApiError(msg('channel.notFound'));
    await app.channels.rebuild();
    return ok();
  };
  // The console deletes with a trailing slash: DELETE /api/channel/{id}/.
  app.delete('/api/channel/:id', guarded, deleteOne);
  app.delete('/api/channel/:id/', guarded, deleteOne);

  app.delete('/api/channel/disabled', guarded, async () => {
    const ids = await channelIdsWithStatus(store.db, [
      ChannelStatus.ManuallyDisabled,
      ChannelStatus.AutoDisabled,
    ]);
    const deleted = await deleteChannels(store.db, ids);
    await app.channels.rebuild();
    return ok(deleted);
  });

  app.post('/api/channel/batch', guarded, async (request) => {
    const { ids } = parseInput(idListSchema, request.body);
    const deleted = await deleteChannels(store.db, [...new Set(ids)]);
    await app.channels.rebuild();
    return ok(deleted);
  });

  // The count of channels fixed is the data (new-api's console prints it); failures go in the message.
  app.post('/api/channel/fix', guarded, async (request) => {
    const { success, fails } = await rebuildAllAbilities(store.db);
    await app.channels.rebuild();
    return ok(success, fails > 0 ? renderFor(request, msg('channel.unfixed', { count: fails })) : '');
  });
};

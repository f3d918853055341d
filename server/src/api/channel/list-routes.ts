import { MAX_PAGE_SIZE } from '@relaygate/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { requireAdmin, requireRoot } from '../../auth/guard.ts';
import {
  countChannelsByType,
  findChannel,
  findChannelView,
  listAllChannels,
  listChannelPage,
  type ChannelFilter,
  type ChannelOrder,
} from '../../store/channels.ts';
import { ok } from '../envelope.ts';
import { ApiError } from '../errors.ts';
import { listAnswer, parseBoolFlag, readListPaging } from '../paging.ts';
import { parseId } from '../parse-input.ts';
import { toChannelView } from './channel-view.ts';
import { tagModePage } from './tag-grouping.ts';
import { requestLanguage } from '../../i18n/language.ts';
import { msg } from '../../i18n/text.ts';

type Query = Record<string, unknown>;

const textParam = (query: Query, name: string): string | undefined => {
  const value = query[name];
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim().slice(0, 255);
  return trimmed === '' || trimmed === 'null' ? undefined : trimmed;
};

/** status: enabled/1 → enabled only; disabled/0 → every other status; 2 or 3 → exactly that. */
function statusFilter(value: string | undefined): ChannelFilter['status'] {
  switch (value?.toLowerCase()) {
    case 'enabled':
    case '1':
      return { op: '=', value: 1 };
    case 'disabled':
    case '0':
      return { op: '!=', value: 1 };
    case '2':
    case '3':
      return { op: '=', value: Number(value) };
    default:
      return undefined;
  }
}

function typeFilter(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,9}$/.test(value)) throw new ApiError(msg('channel.typeParam'));
  return Number(value);
}

function readFilter(query: Query, search: boolean): ChannelFilter {
  return {
    keyword: search ? textParam(query, 'keyword') : undefined,
    group: textParam(query, 'group'),
    model: textParam(query, 'model'),
    // The search box matches part of a model name, as new-api's does; the list filter a whole name.
    modelMatch: search ? 'contains' : 'exact',
    status: statusFilter(textParam(query, 'status')),
    type: typeFilter(textParam(query, 'type')),
  };
}

/** Channel lists, one channel, and the root-only key reveal. */
export const channelListRoutes: FastifyPluginAsync = async (app) => {
  const { store } = app;
  const guarded = { onRequest: requireAdmin };

  /**
   * new-api's classic form by default (the plain array, `p` from 0, total in X-Total-Count); with
   * `paged=true` the page object, which also counts the matches per channel type.
   */
  async function listChannels(request: FastifyRequest, reply: FastifyReply, search: boolean) {
    const query = request.query as Query;
    // The classic console searches without paging and shows every match: a search page holds 100.
    const paging = readListPaging(query, search ? MAX_PAGE_SIZE : undefined);
    const filter = readFilter(query, search);
    const order: ChannelOrder = parseBoolFlag(query.id_sort) ? 'id' : 'priority';
    const page = { offset: paging.offset, limit: paging.pageSize };
    const { total, items } = parseBoolFlag(query.tag_mode)
      ? tagModePage(await listAllChannels(store, filter, order), page)
      : await listChannelPage(store, filter, order, page).then((r) => ({ total: r.total, items: r.rows }));
    const extra = paging.paged ? { type_counts: await countChannelsByType(store, filter) } : {};
    const language = requestLanguage(request);
    const views = items.map((row) => toChannelView(row, language, app.breakers.list(Number(row.id))));
    return listAnswer(reply, paging, total, views, extra);
  }

  app.get('/api/channel/', guarded, (request, reply) => listChannels(request, reply, false));

  app.get('/api/channel/search', guarded, (request, reply) => listChannels(request, reply, true));

  app.get('/api/channel/:id', guarded, async (request) => {
    const row = await findChannelView(store.db, parseId((request.params as { id: string }).id));
    if (!row) throw new ApiError(msg('channel.notFound'));
    return ok(toChannelView(row, requestLanguage(request), app.breakers.list(Number(row.id))));
  });

  /** The one place a key leaves the server: root only, on an explicit request. */
  app.post('/api/channel/:id/key', { onRequest: requireRoot }, async (request) => {
    const row = await findChannel(store.db, parseId((request.params as { id: string }).id));
    if (!row) throw new ApiError(msg('channel.notFound'));
    request.log.info({ channelId: row.id, userId: request.user?.id }, 'channel key revealed');
    return ok({ key: row.key });
  });
};

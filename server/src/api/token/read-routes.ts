import { MAX_PAGE_SIZE } from '@relaygate/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { currentUser, requireUser } from '../../auth/guard.ts';
import { searchOwnTokens, type TokenSearch } from '../../store/tokens.ts';
import { ok } from '../envelope.ts';
import { listAnswer, readListPaging } from '../paging.ts';
import { parseId } from '../parse-input.ts';
import { ownToken } from './own-token.ts';
import { bothSlashes, queryText } from './paths.ts';
import { toTokenView } from './token-row.ts';

/**
 * Listing, searching and reading the signed-in user's own tokens. The lists answer new-api's
 * classic form (a plain array, `p` from 0) unless asked with `paged=true` (see api/paging.ts).
 */
export const tokenReadRoutes: FastifyPluginAsync = async (app) => {
  const { store } = app;
  const guarded = { onRequest: requireUser };

  async function listTokens(
    request: FastifyRequest,
    reply: FastifyReply,
    filter: Pick<TokenSearch, 'keyword' | 'key'>,
    defaultSize?: number,
  ) {
    const paging = readListPaging(request.query as Record<string, unknown>, defaultSize);
    const { total, items } = await searchOwnTokens(store.db, currentUser(request).id, {
      ...filter,
      offset: paging.offset,
      limit: paging.pageSize,
    });
    return listAnswer(reply, paging, total, items.map(toTokenView));
  }

  for (const url of bothSlashes('/api/token/')) {
    app.get(url, guarded, (request, reply) => listTokens(request, reply, {}));
  }

  // The classic console searches without paging and shows every match: a search page holds 100.
  app.get('/api/token/search', guarded, (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const key = queryText(query.token)?.replace(/^sk-/, '');
    return listTokens(request, reply, { keyword: queryText(query.keyword), key }, MAX_PAGE_SIZE);
  });

  for (const url of bothSlashes('/api/token/:id')) {
    app.get(url, guarded, async (request) => {
      const id = parseId((request.params as { id: string }).id);
      return ok(toTokenView(await ownToken(store.db, currentUser(request).id, id)));
    });
  }
};

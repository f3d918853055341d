import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { currentUser, requireUser } from '../../auth/guard.ts';
import { searchOwnTokens, type TokenSearch } from '../../store/tokens.ts';
import { ok } from '../envelope.ts';
import { pageOf, readPaging } from '../paging.ts';
import { parseId } from '../parse-input.ts';
import { ownToken } from './own-token.ts';
import { bothSlashes, queryText } from './paths.ts';
import { toTokenView } from './token-row.ts';

/** Listing, searching and reading the signed-in user's own tokens. */
export const tokenReadRoutes: FastifyPluginAsync = async (app) => {
  const { store } = app;
  const guarded = { onRequest: requireUser };

  async function pageOfTokens(request: FastifyRequest, filter: Pick<TokenSearch, 'keyword' | 'key'>) {
    const paging = readPaging(request.query as Record<string, unknown>);
    const { total, items } = await searchOwnTokens(store.db, currentUser(request).id, {
      ...filter,
      offset: paging.offset,
      limit: paging.pageSize,
    });
    return ok(pageOf(paging, total, items.map(toTokenView)));
  }

  for (const url of bothSlashes('/api/token/')) {
    app.get(url, guarded, (request) => pageOfTokens(request, {}));
  }

  app.get('/api/token/search', guarded, (request) => {
    const query = request.query as Record<string, unknown>;
    const key = queryText(query.token)?.replace(/^sk-/, '');
    return pageOfTokens(request, { keyword: queryText(query.keyword), key });
  });

  for (const url of bothSlashes('/api/token/:id')) {
    app.get(url, guarded, async (request) => {
      const id = parseId((request.params as { id: string }).id);
      return ok(toTokenView(await ownToken(store.db, currentUser(request).id, id)));
    });
  }
};

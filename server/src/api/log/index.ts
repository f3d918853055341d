import { Role, type LogStat } from '@relaygate/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { currentUser, requireAdmin, requireUser } from '../../auth/guard.ts';
import { deleteLogsBefore, listLogs, logStats } from '../../store/log-queries.ts';
import { ok } from '../envelope.ts';
import { pageOf, readPaging } from '../paging.ts';
import { parseLogFilter, parseTargetTimestamp, type LogFilterOptions } from './filters.ts';
import { toLogView } from './log-view.ts';
import { requestLanguage } from '../../i18n/language.ts';

/** Who reads the logs: all rows (admin) or the caller's own. */
interface LogScope {
  prefix: string;
  guard: onRequestAsyncHookHandler;
  filterOptions(request: FastifyRequest): LogFilterOptions;
}

const adminScope: LogScope = {
  prefix: '/api/log',
  guard: requireAdmin,
  filterOptions: () => ({ admin: true }),
};

const selfScope: LogScope = {
  prefix: '/api/log/self',
  guard: requireUser,
  filterOptions: (request) => ({ admin: false, userId: currentUser(request).id }),
};

/** A path with and without its trailing slash, since consoles call both. */
const withAndWithoutSlash = (path: string) => [path, `${path}/`];

/** The list (`/`), keyword search (`/search`) and statistics (`/stat`) of one scope. */
function registerReads(app: FastifyInstance, scope: LogScope): void {
  const get = (path: string, handler: (request: FastifyRequest) => Promise<unknown>) => {
    for (const url of withAndWithoutSlash(`${scope.prefix}${path}`)) {
      app.route({ method: 'GET', url, onRequest: scope.guard, handler });
    }
  };

  const page = async (request: FastifyRequest) => {
    const query = request.query as Record<string, unknown>;
    const filter = parseLogFilter(query, scope.filterOptions(request));
    const paging = readPaging(query);
    // Channel details and admin_info are for admins only, whichever endpoint they call.
    const admin = currentUser(request).role >= Role.Admin;
    const language = requestLanguage(request);
    const { total, items } = await listLogs(app.store, filter, {
      offset: paging.offset,
      limit: paging.pageSize,
      withChannelName: admin,
    });
    return ok(
      pageOf(
        paging,
        total,
        items.map((row) => toLogView(row, admin, language)),
      ),
    );
  };

  get('', page);
  get('/search', page);
  get('/stat', async (request) => {
    const filter = parseLogFilter(request.query, scope.filterOptions(request));
    const stat: LogStat = await logStats(app.store.logs.db, filter);
    return ok(stat);
  });
}

/** /api/log/*: usage logs for admins (all users) and for each user (their own), and log clean-up. */
export const logApi: FastifyPluginAsync = async (app) => {
  // The self routes go first so that /api/log/self is never read as something under /api/log.
  registerReads(app, selfScope);
  registerReads(app, adminScope);

  for (const url of withAndWithoutSlash('/api/log')) {
    app.delete(url, { onRequest: requireAdmin }, async (request) => {
      const before = parseTargetTimestamp(request.query);
      return ok(await deleteLogsBefore(app.store.logs.db, before));
    });
  }
};

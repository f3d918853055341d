import { z } from 'zod';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { currentUser, requireAdmin, requireUser } from '../../auth/guard.ts';
import { listMidjourneys, listTasks, type TaskFilter, type TaskPage } from '../../store/task-queries.ts';
import { text, timestamp, wholeNumber } from '../log/filters.ts';
import { listAnswer, readListPaging } from '../paging.ts';
import { parseInput } from '../parse-input.ts';
import { toMidjourneyView, toTaskView } from './views.ts';
import { drawingImageUrl } from '../../options/midjourney-image-url.ts';
import type { Selectable } from 'kysely';
import type { MidjourneysTable } from '../../store/schema.ts';

const querySchema = z.object({
  channel_id: wholeNumber,
  mj_id: text(191),
  task_id: text(191),
  start_timestamp: timestamp,
  end_timestamp: timestamp,
});

interface Scope {
  guard: preHandlerAsyncHookHandler;
  admin: boolean;
}

const ADMIN: Scope = { guard: requireAdmin, admin: true };
const SELF: Scope = { guard: requireUser, admin: false };

/** One list: its rows by filter and page, shaped for the caller. */
interface TaskList<Row, View> {
  idParam: 'mj_id' | 'task_id';
  list(
    db: Parameters<typeof listTasks>[0],
    filter: TaskFilter,
    page: { offset: number; limit: number },
  ): Promise<TaskPage<Row>>;
  view(row: Row, admin: boolean): View;
}

/**
 * /api/mj/ and /api/task/: the drawing and asynchronous task logs, newest first, in new-api's
 * classic list form (the plain array, `p` from 0, the total in X-Total-Count) unless the caller
 * asks for pages (`paged=true`: `{page, page_size, total, items}`, `p` from 1). Admins see everyone's and may narrow by channel; /self answers the caller's own. Filters:
 * channel_id, mj_id or task_id, and submission time (milliseconds for drawings, as Midjourney
 * proxies record them; seconds for tasks).
 */
export const taskApi: FastifyPluginAsync = async (app) => {
  function register<Row, View>(urls: string[], scope: Scope, source: TaskList<Row, View>) {
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const query = request.query as Record<string, unknown>;
      const input = parseInput(querySchema, query);
      const paging = readListPaging(query);
      const filter: TaskFilter = {
        userId: scope.admin ? undefined : currentUser(request).id,
        channelId: scope.admin ? input.channel_id : undefined,
        externalId: input[source.idParam],
        startTime: input.start_timestamp,
        endTime: input.end_timestamp,
      };
      const { total, items } = await source.list(app.store.db, filter, {
        offset: paging.offset,
        limit: paging.pageSize,
      });
      return listAnswer(
        reply,
        paging,
        total,
        items.map((row) => source.view(row, scope.admin)),
      );
    };
    for (const url of urls) app.get(url, { preHandler: scope.guard }, handler);
  }

  const drawings = {
    idParam: 'mj_id' as const,
    list: listMidjourneys,
    view: (row: Selectable<MidjourneysTable>, admin: boolean) =>
      toMidjourneyView(row, admin, (r) => drawingImageUrl(app.settings, r)),
  };
  const tasks = { idParam: 'task_id' as const, list: listTasks, view: toTaskView };
  // The self routes first, so /self is never read as something under the admin path.
  register(['/api/mj/self', '/api/mj/self/'], SELF, drawings);
  register(['/api/mj', '/api/mj/'], ADMIN, drawings);
  register(['/api/task/self', '/api/task/self/'], SELF, tasks);
  register(['/api/task', '/api/task/'], ADMIN, tasks);
};

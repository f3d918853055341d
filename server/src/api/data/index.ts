import { z } from 'zod';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { currentUser, requireAdmin, requireUser } from '../../auth/guard.ts';
import { listQuotaData, type QuotaDataFilter } from '../../store/quota-data.ts';
import { ok } from '../envelope.ts';
import { text, wholeNumber } from '../log/filters.ts';
import { parseInput } from '../parse-input.ts';

const dataQuerySchema = z.object({
  start_timestamp: wholeNumber,
  end_timestamp: wholeNumber,
  username: text(64),
});

function parseDataFilter(request: FastifyRequest, self: boolean): QuotaDataFilter {
  const input = parseInput(dataQuerySchema, request.query);
  return {
    startTimestamp: input.start_timestamp,
    endTimestamp: input.end_timestamp,
    ...(self ? { userId: currentUser(request).id } : { username: input.username }),
  };
}

/**
 * /api/data/: the dashboard's consumption per model and hour (quota_data). Admins see everyone's
 * summed, or one username's; /self answers the caller's own. Times are unix seconds. The roll-up
 * counted since the last timed flush is written first (this process's before answering, the
 * others' a moment later), so the dashboard shows calls made just now.
 */
export const dataApi: FastifyPluginAsync = async (app) => {
  for (const url of ['/api/data/self', '/api/data/self/']) {
    app.get(url, { preHandler: requireUser }, async (request) => {
      const filter = parseDataFilter(request, true);
      await app.quotaData.freshen();
      return ok(await listQuotaData(app.store.db, filter));
    });
  }
  for (const url of ['/api/data', '/api/data/']) {
    app.get(url, { preHandler: requireAdmin }, async (request) => {
      const filter = parseDataFilter(request, false);
      await app.quotaData.freshen();
      return ok(await listQuotaData(app.store.db, filter));
    });
  }
};

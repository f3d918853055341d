import type { FastifyPluginAsync } from 'fastify';
import { requireAdmin } from '../../auth/guard.ts';
import { channelIdsToTest } from '../../store/channel-tests.ts';
import { findChannelView } from '../../store/channels.ts';
import { ok } from '../envelope.ts';
import { ApiError } from '../errors.ts';
import { parseId } from '../parse-input.ts';
import { renderFor } from '../../i18n/render-for.ts';
import { msg } from '../../i18n/text.ts';

/** Channel tests: the relay's tester does the call; these routes only start it. */
export const channelTestRoutes: FastifyPluginAsync = async (app) => {
  const { store } = app;
  const guarded = { onRequest: requireAdmin };
  let runningAll = false;
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
  });

  app.get('/api/channel/test/:id', guarded, async (request) => {
    const id = parseId((request.params as { id: string }).id);
    const { model } = request.query as { model?: unknown };
    if (model !== undefined && (typeof model !== 'string' || model.length > 255)) {
      throw new ApiError(msg('channel.modelParam'));
    }
    if (!(await findChannelView(store.db, id))) throw new ApiError(msg('channel.notFound'));
    const result = await app.channelTester.test(id, model === '' ? undefined : model);
    // The classic console reads time at the top level, newer ones in data; model: the one tested.
    return {
      success: result.success,
      message: result.text ? renderFor(request, result.text) : result.message,
      time: result.time,
      data: { time: result.time, model: result.model },
    };
  });

  /** Tests every channel except manually disabled ones, one after another, after answering. */
  app.get('/api/channel/test', guarded, async (request) => {
    if (runningAll) throw new ApiError(msg('channel.testAllRunning'));
    const ids = await channelIdsToTest(store.db);
    runningAll = true;
    void (async () => {
      try {
        for (const id of ids) {
          if (closing) break;
          try {
            await app.channelTester.test(id);
          } catch (error) {
            app.log.warn({ err: error, channelId: id }, 'channel test failed');
          }
        }
      } finally {
        runningAll = false;
      }
    })();
    return ok(undefined, renderFor(request, msg('channel.testAllStarted', { count: ids.length })));
  });
};

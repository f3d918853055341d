/** GET /api/jobs (root): the background jobs, where each runs and how its last run went. */
import type { BackgroundJobs } from '@relaygate/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requireRoot } from '../auth/guard.ts';
import { listJobLeases } from '../store/job-leases.ts';
import { nowSeconds } from '../store/users.ts';
import { ok } from './envelope.ts';
import { jobStates } from './jobs-view.ts';

export const jobsApi: FastifyPluginAsync = async (app) => {
  app.get('/api/jobs', { onRequest: requireRoot }, async () => {
    const node = app.jobs.holder;
    const rows = await listJobLeases(app.store);
    const answer: BackgroundJobs = {
      node,
      now: nowSeconds(),
      jobs: jobStates(rows, app.jobs.registered(), node),
    };
    return ok(answer);
  });
};

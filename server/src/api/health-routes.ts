import type { FastifyPluginAsync } from 'fastify';

/**
 * Probes for load balancers and Kubernetes: GET /healthz answers 200 while the process answers at
 * all (liveness); GET /readyz answers 200 when every readiness check passes and 503 otherwise, with
 * each check's result in the body (readiness). Neither needs a login nor counts against a limit.
 */
export const healthApi: FastifyPluginAsync = async (app) => {
  app.get('/healthz', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/readyz', async (_request, reply) => {
    const report = await app.readiness.report();
    return reply
      .header('cache-control', 'no-store')
      .code(report.status === 'ready' ? 200 : 503)
      .send(report);
  });
};

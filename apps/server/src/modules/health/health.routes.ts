import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database';

/** Liveness says the process answers; readiness also asks the database (for a load balancer). */
export const healthRoutes: FastifyPluginAsync<{ database: Database }> = async (app, { database }) => {
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ready', database: database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: database.kind });
    }
  });
};

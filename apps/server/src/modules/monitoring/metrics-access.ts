import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import type { Metrics } from './metrics';

/** The Prometheus text of every metric, read at scrape time. */
export const scrape = (metrics: Metrics) => async (_request: FastifyRequest, reply: FastifyReply) =>
  reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());

const digest = (text: string) => createHash('sha256').update(text).digest();

/** onRequest of /metrics on the public port: the METRICS_TOKEN as a bearer token, compared in constant time. */
export function requireMetricsToken(token: string) {
  const expected = digest(token);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const sent = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (timingSafeEqual(digest(sent), expected)) return;
    reply.header('www-authenticate', 'Bearer realm="metrics"');
    throw new AppError(401, 'unauthorized', 'auth.unauthorized');
  };
}

/**
 * /metrics alone on 127.0.0.1:METRICS_PORT, for a Prometheus on the same host: up when the app
 * listens, closed with it. Nothing else is served there, and nothing there reaches the public port.
 */
export function serveMetricsOnLoopback(app: FastifyInstance, metrics: Metrics, port: number): void {
  const loopback = Fastify({ logger: false });
  loopback.get('/metrics', scrape(metrics));
  app.addHook('onListen', async () => {
    await loopback.listen({ host: '127.0.0.1', port });
    app.log.info({ port }, 'metrics on the loopback port');
  });
  app.addHook('onClose', () => loopback.close());
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Catalog } from '../exchange/exchange.catalog';
import type { ExchangeService } from '../exchange/exchange.service';
import type { SiteStateService } from '../site-state/site-state.service';
import type { Metrics } from './metrics';
import { requireMetricsToken, scrape } from './metrics-access';
import { publicCache } from '../../http/public-cache';
import { z } from 'zod';
import { createRatesExport, emptyRatesXml, type ExportFormat } from './rates-export';

export const monitoringRoutes: FastifyPluginAsyncZod<{
  catalog: Catalog;
  exchange: ExchangeService;
  siteState: SiteStateService;
  metrics: Metrics;
  /** METRICS_TOKEN: /metrics is served on this port only to a scraper that sends it. */
  metricsToken?: string;
}> = async (app, { catalog, exchange, siteState, metrics, metricsToken }) => {
  const ratesExport = createRatesExport(catalog, exchange);
  const paused: Record<ExportFormat, Buffer> = { legacy: emptyRatesXml('legacy'), '1.1': emptyRatesXml('1.1') };
  // Rate monitors poll it: an unchanged export is a 304 (http/public-cache.ts). `?v=1.1` is EREF 1.1.
  const exportRoutes: FastifyPluginAsyncZod = async (exports) => {
    await exports.register(publicCache);
    exports.get(
      '/export/rates.xml',
      { logLevel: 'warn', schema: { querystring: z.object({ v: z.enum(['1.1']).optional() }) } },
      async (request, reply) => {
        const format: ExportFormat = request.query.v ?? 'legacy';
        const body = (await siteState.isConvertEnabled()) ? await ratesExport.xml(format) : paused[format];
        return reply.type('application/xml; charset=utf-8').send(body);
      },
    );
  };
  await app.register(exportRoutes);

  if (metricsToken) {
    app.get('/metrics', { logLevel: 'warn', onRequest: requireMetricsToken(metricsToken) }, scrape(metrics));
  }
};

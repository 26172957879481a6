import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Catalog } from '../exchange/exchange.catalog';
import type { ExchangeService } from '../exchange/exchange.service';
import type { SiteStateService } from '../site-state/site-state.service';
import type { Metrics } from './metrics';
import { requireMetricsToken, scrape } from './metrics-access';
import { publicCache } from '../../http/public-cache';
import { z } from 'zod';
import { createRatesExport, emptyRatesXml, type ExportFormat, type RatesExportOptions } from './rates-export';

/**
 * A monitor asks again every time and gets a 304 while nothing changed: no cache between may hand
 * out a copy it has not checked with a process, so none can show rates after the site is gone.
 */
export const EXPORT_CACHE_CONTROL = 'no-cache';

export const monitoringRoutes: FastifyPluginAsyncZod<{
  catalog: Catalog;
  exchange: ExchangeService;
  siteState: SiteStateService;
  metrics: Metrics;
  /** METRICS_TOKEN: /metrics is served on this port only to a scraper that sends it. */
  metricsToken?: string;
  ratesExport?: RatesExportOptions;
}> = async (app, { catalog, exchange, siteState, metrics, metricsToken, ratesExport: exportOptions }) => {
  const ratesExport = createRatesExport(catalog, exchange, exportOptions);
  const empty: Record<ExportFormat, Buffer> = { legacy: emptyRatesXml('legacy'), '1.1': emptyRatesXml('1.1') };
  // Rate monitors poll it: an unchanged export is a 304 (http/public-cache.ts). `?v=1.1` is EREF 1.1.
  const exportRoutes: FastifyPluginAsyncZod = async (exports) => {
    await exports.register(publicCache, { cacheControl: EXPORT_CACHE_CONTROL });
    exports.get(
      '/export/rates.xml',
      { logLevel: 'warn', schema: { querystring: z.object({ v: z.enum(['1.1']).optional() }) } },
      async (request, reply) => {
        const format: ExportFormat = request.query.v ?? 'legacy';
        reply.type('application/xml; charset=utf-8');
        try {
          return reply.send((await siteState.isConvertEnabled()) ? await ratesExport.xml(format) : empty[format]);
        } catch (error) {
          // The state or the reserves cannot be read (the database is away): BestChange's rules say to
          // stop sending what cannot be stated right, so monitors get no directions, kept by nobody.
          request.log.error({ err: error }, 'the rates export could not be built: no directions exported');
          return reply.header('cache-control', 'no-store').send(empty[format]);
        }
      },
    );
  };
  await app.register(exportRoutes);

  if (metricsToken) {
    app.get('/metrics', { logLevel: 'warn', onRequest: requireMetricsToken(metricsToken) }, scrape(metrics));
  }
};

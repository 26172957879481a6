import type { FastifyPluginAsync } from 'fastify';
import type { Catalog } from '../exchange/exchange.catalog';
import type { ExchangeService } from '../exchange/exchange.service';
import type { SiteStateService } from '../site-state/site-state.service';
import type { Metrics } from './metrics';
import { requireMetricsToken, scrape } from './metrics-access';
import { publicCache } from '../../http/public-cache';
import { createRatesExport, EMPTY_RATES_XML } from './rates-export';

export const monitoringRoutes: FastifyPluginAsync<{
  catalog: Catalog;
  exchange: ExchangeService;
  siteState: SiteStateService;
  metrics: Metrics;
  /** METRICS_TOKEN: /metrics is served on this port only to a scraper that sends it. */
  metricsToken?: string;
}> = async (app, { catalog, exchange, siteState, metrics, metricsToken }) => {
  const ratesExport = createRatesExport(catalog, exchange);
  // Rate monitors poll it: an unchanged export is a 304 (http/public-cache.ts).
  await app.register(async (exports) => {
    await exports.register(publicCache);
    exports.get('/export/rates.xml', { logLevel: 'warn' }, async (_request, reply) => {
      const body = (await siteState.isConvertEnabled()) ? await ratesExport.xml() : EMPTY_RATES_XML;
      return reply.type('application/xml; charset=utf-8').send(body);
    });
  });

  if (metricsToken) {
    app.get('/metrics', { logLevel: 'warn', onRequest: requireMetricsToken(metricsToken) }, scrape(metrics));
  }
};

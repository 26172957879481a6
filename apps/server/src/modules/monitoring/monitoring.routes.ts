import type { FastifyPluginAsync } from 'fastify';
import type { Catalog } from '../exchange/exchange.catalog';
import type { ExchangeService } from '../exchange/exchange.service';
import type { SiteStateService } from '../site-state/site-state.service';
import type { Metrics } from './metrics';
import { publicCache } from '../../http/public-cache';
import { createRatesExport, EMPTY_RATES_XML } from './rates-export';

export const monitoringRoutes: FastifyPluginAsync<{
  catalog: Catalog;
  exchange: ExchangeService;
  siteState: SiteStateService;
  metrics: Metrics;
}> = async (app, { catalog, exchange, siteState, metrics }) => {
  const ratesExport = createRatesExport(catalog, exchange);
  // Rate monitors poll it: an unchanged export is a 304 (http/public-cache.ts).
  await app.register(async (exports) => {
    await exports.register(publicCache);
    exports.get('/export/rates.xml', { logLevel: 'warn' }, async (_request, reply) => {
      const body = (await siteState.isConvertEnabled()) ? await ratesExport.xml() : EMPTY_RATES_XML;
      return reply.type('application/xml; charset=utf-8').send(body);
    });
  });

  app.get('/metrics', { logLevel: 'warn' }, async (_request, reply) =>
    reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()),
  );
};

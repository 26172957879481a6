import {
  calculateBody,
  newsIdParams,
  NEWS_PER_PAGE,
  statusOfFailure,
  ticketIdParams,
  ticketSchema,
  type PublicReads,
  type SiteOpenness,
} from '@obmen/shared';
import type { ContentService } from '../../modules/content/content.service';
import type { ExchangeService } from '../../modules/exchange/exchange.service';
import type { ReceiptsService } from '../../modules/receipts/receipts.service';
import type { SiteStateService } from '../../modules/site-state/site-state.service';
import type { StatusService } from '../../modules/status/status.service';
import type { TicketsService } from '../../modules/tickets/tickets.service';
import { NotFoundError } from '../errors';

/**
 * The reads a page is drawn from, answered by the services in process: what the same API calls
 * answer, with their input read by the same contracts, without a request through the server's
 * own routes. Nothing here is personal but a visitor's ticket, which its link opens for whoever
 * holds it (its page is never kept: entry-server.tsx, pages.routes.ts).
 */
export function createPageReads({
  exchange,
  content,
  siteState,
  status,
  receipts,
  tickets,
}: {
  exchange: ExchangeService;
  content: ContentService;
  siteState: SiteStateService;
  status: StatusService;
  receipts: ReceiptsService;
  tickets: TicketsService;
}): PublicReads {
  return {
    currencies: async (side, lang) => exchange.currencies(side, lang),
    directions: () => exchange.directions(),
    overview: (lang) => exchange.overview(lang),
    seo: (give, get, lang) => exchange.seo(give, get, lang).catch(nullWhenMissing),
    directionStatus: async (give, get) => exchange.directionStatus(give, get),
    range: async (give, get) => exchange.range(give, get),
    reserve: (code) => exchange.reserve(code),
    currencyMessage: async (code, side, lang) => exchange.currencyMessage(code, side, lang),
    quote: (request, lang) =>
      exchange.calculate(
        calculateBody.parse({
          giveName: request.give,
          getName: request.get,
          sum: request.sum,
          direction: request.direction,
          useFixedDirection: request.fixed,
          promocode: request.promocode,
        }),
        null,
        lang,
      ),
    page: (slug, lang) => content.page(slug, lang),
    newsPage: (page, lang) => content.news(page, NEWS_PER_PAGE, lang),
    newsItem: (id, lang) => {
      const params = newsIdParams.safeParse({ id });
      if (!params.success) return Promise.reject(new NotFoundError());
      return content.newsItem(params.data.id, lang);
    },
    siteOpenness: async (lang): Promise<SiteOpenness> => {
      const notice = await siteState.notice(lang);
      return { convertEnabled: notice === null, notice };
    },
    status: () => status.read(),
    receiptKeys: () => receipts.keys(),
    // Asked as nobody: a signed-in user's ticket answers 401, as the API does without the token.
    // Read through the API's answer schema, so the page holds exactly what the API would send.
    ticket: async (id, lang) => {
      const params = ticketIdParams.safeParse({ id });
      if (!params.success) throw new NotFoundError();
      return ticketSchema.parse(await tickets.get(params.data.id, null, lang));
    },
  };
}

function nullWhenMissing(error: unknown): null {
  if (statusOfFailure(error) === 404) return null;
  throw error;
}

import type { Lang } from '../i18n/languages';
import type { NewsDetail, NewsPage, Page, PageSlug } from './content';
import type { Currency, CurrencySide, DirectionPair, Overview, Quote, Range, Reserve, SeoRecord } from './exchange';
import type { ReceiptKeys } from './receipts';
import type { SiteStateNotice } from './site';
import type { SiteStatus } from './status';
import type { Ticket } from './tickets';

/** An AbortSignal, as this package (no DOM types) sees it. */
export interface ReadSignal {
  readonly aborted: boolean;
}

/** What a quote is asked for: `sum` is the give amount for `sell`, the get amount for `buy`. */
export interface QuoteRequest {
  give: string;
  get: string;
  /** A plain decimal string ("12500.5"). */
  sum: string;
  direction: 'sell' | 'buy';
  fixed: boolean;
  /** '' when none. */
  promocode: string;
}

/** Whether exchanges are open (GET /api/v1/SiteState: 204, or 503 with the notice). */
export interface SiteOpenness {
  convertEnabled: boolean;
  notice: SiteStateNotice | null;
}

/**
 * The reads a public page is drawn from, answered with the API's own contract types. In the
 * browser they are the API's GET calls (apps/web); while the server draws a page they are its
 * services, called in process (apps/server/src/http/pages/page-reads.ts). A read of something that
 * does not exist fails with an error whose `status` is 404, as the API answers.
 */
export interface PublicReads {
  currencies(side: CurrencySide, lang: Lang, signal?: ReadSignal): Promise<Currency[]>;
  directions(signal?: ReadSignal): Promise<DirectionPair[]>;
  overview(lang: Lang, signal?: ReadSignal): Promise<Overview>;
  /** The pair's texts, or null when it has none. */
  seo(give: string, get: string, lang: Lang, signal?: ReadSignal): Promise<SeoRecord | null>;
  directionStatus(give: string, get: string, fixed: boolean, signal?: ReadSignal): Promise<boolean>;
  range(give: string, get: string, fixed: boolean, signal?: ReadSignal): Promise<Range>;
  reserve(code: string, signal?: ReadSignal): Promise<Reserve>;
  /** The operator's note for a currency on one side, or ''. */
  currencyMessage(code: string, side: CurrencySide, lang: Lang, signal?: ReadSignal): Promise<string>;
  /** A visitor's quote (a signed-in user's carries their discount: the browser asks for it). */
  quote(request: QuoteRequest, lang: Lang, signal?: ReadSignal): Promise<Quote>;
  page(slug: PageSlug, lang: Lang, signal?: ReadSignal): Promise<Page>;
  newsPage(page: number, lang: Lang, signal?: ReadSignal): Promise<NewsPage>;
  newsItem(id: string, lang: Lang, signal?: ReadSignal): Promise<NewsDetail>;
  siteOpenness(lang: Lang): Promise<SiteOpenness>;
  /** The status page's figures (issue 48). */
  status(signal?: ReadSignal): Promise<SiteStatus>;
  /** The public keys that sign receipts (GET /.well-known/obmen-receipt-keys.json), shown on /verify. */
  receiptKeys(signal?: ReadSignal): Promise<ReceiptKeys>;
  /**
   * A visitor's ticket, as GET /api/v1/Tickets/{id} answers whoever has its link. The one personal
   * read: its page is never kept by a cache. A signed-in user's ticket fails with 401 (the server
   * does not know who asks), a malformed or unknown id with 404.
   */
  ticket(id: string, lang: Lang, signal?: ReadSignal): Promise<Ticket>;
}

/** The HTTP status a failed read stands for (the web's ApiError, the server's AppError), if any. */
export function statusOfFailure(error: unknown): number | undefined {
  const failure = error as { status?: unknown; statusCode?: unknown } | null;
  if (typeof failure?.status === 'number') return failure.status;
  if (typeof failure?.statusCode === 'number') return failure.statusCode;
  return undefined;
}

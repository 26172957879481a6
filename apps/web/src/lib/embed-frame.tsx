import { createContext, useCallback, useContext } from 'react';
import { isLang, type Lang } from '@obmen/shared/i18n';
import { EMBED_BASE_PATH, pagePath, type PageRouteName } from '@obmen/shared/routing';
import { normalizeAmount } from '@obmen/shared/amount-text';
import { isRefId } from './referral-id';
import type { Theme } from './theme';

/**
 * The partner's widget (issue 47): the converter and the ticket flow drawn inside another site's
 * frame, below /embed. Its address says whose widget it is and how it looks:
 * `/embed?partner=1001&lang=en&theme=dark&from=BTC&to=USDT&amount=0.1`. Every page of the flow
 * carries the first three on, so a reload in the frame is the same widget (the server lets the
 * partner's sites frame a page by its `partner`).
 */
export interface EmbedFrame {
  /** The partner's referral number, or '' (a widget without a partner: no site may frame it). */
  partner: string;
  lang: Lang;
  theme: Theme;
  /** `partner=…&lang=…&theme=…`: what every page of the flow carries. */
  search: string;
}

/** What the widget's first address may ask for, read leniently: anything unknown is left out. */
export interface EmbedStart extends EmbedFrame {
  /** The pair to open with, when both codes are given. */
  pair: { give: string; get: string } | null;
  /** The give side's amount, a plain decimal, or '' for the pair's minimum. */
  amount: string;
}

const CODE = /^\w{1,20}$/;

/**
 * The widget's parameters, never an error: an unknown language, theme or partner falls back to the
 * defaults given (the visitor's language and the system's theme, in the browser).
 */
export function readEmbedParams(search: string, defaults: { lang: Lang; theme: Theme }): EmbedStart {
  const params = new URLSearchParams(search);
  const partnerParam = params.get('partner');
  const partner = isRefId(partnerParam) ? partnerParam : '';
  const langParam = params.get('lang');
  const lang = isLang(langParam) ? langParam : defaults.lang;
  const themeParam = params.get('theme');
  const theme = themeParam === 'light' || themeParam === 'dark' ? themeParam : defaults.theme;
  const carried = new URLSearchParams({ ...(partner && { partner }), lang, theme });
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const pair =
    CODE.test(from) && CODE.test(to) && from.toUpperCase() !== to.toUpperCase()
      ? { give: from.toUpperCase(), get: to.toUpperCase() }
      : null;
  const amount = normalizeAmount(params.get('amount') ?? '') ?? '';
  return { partner, lang, theme, search: carried.toString(), pair, amount: /[1-9]/.test(amount) ? amount : '' };
}

/** The pages the widget has of its own; any other page is the site's. */
const EMBED_PAGES: ReadonlySet<PageRouteName> = new Set([
  'home',
  'home_with_currencies',
  'ticket_create',
  'ticket_info',
  'payment_info',
  'card_check',
  'card_verify',
]);

/** A page's address inside the widget: the site's path below /embed, with the widget's parameters. */
export function embedPagePath(frame: EmbedFrame, name: PageRouteName, params: Record<string, string> = {}): string {
  const path = pagePath(frame.lang, name, params).slice(`/${frame.lang}`.length).replace(/\/$/, '');
  return `${EMBED_BASE_PATH}${path}?${frame.search}`;
}

const EmbedFrameContext = createContext<EmbedFrame | null>(null);

/** Set by the widget's frame (app/routes/embed-frame.tsx) around its pages. */
export const EmbedFrameProvider = EmbedFrameContext.Provider;

/** The widget the page is drawn in, or null on the site itself. */
export function useEmbedFrame(): EmbedFrame | null {
  return useContext(EmbedFrameContext);
}

export type PagePathOf = (lang: Lang, name: PageRouteName, params?: Record<string, string>) => string;

/**
 * `pagePath` as the page's components should use it: on the site the site's page; inside the
 * widget, a page of the flow stays in the widget (a site page would be refused framing).
 */
export function usePagePath(): PagePathOf {
  const frame = useEmbedFrame();
  return useCallback<PagePathOf>(
    (lang, name, params = {}) =>
      frame && EMBED_PAGES.has(name) ? embedPagePath(frame, name, params) : pagePath(lang, name, params),
    [frame],
  );
}

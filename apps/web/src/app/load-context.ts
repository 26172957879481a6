import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import type { Lang } from '@obmen/shared/i18n';
import { knownSiteStatus } from '../lib/site-status';

/**
 * What a page's loader reads with. On the server: the request's own query client, whose queries
 * answer from the services in process (entry-server.tsx), the page's language and whether
 * exchanges are open. In the browser: the app's client (the API over HTTP) and the same facts.
 */
export interface LoadContext {
  queryClient: QueryClient;
  lang: Lang;
  /** Exchanges are open: no quote is priced during maintenance. */
  siteOpen(): Promise<boolean>;
}

/** A route module's loader: React Router's arguments, with the load context. */
export type PageLoader = (args: Omit<LoaderFunctionArgs, 'context'> & { context: LoadContext }) => Promise<unknown>;

/** The browser's load context (the server passes its own as the router's request context). */
export async function browserLoadContext(lang: Lang): Promise<LoadContext> {
  const { queryClient } = await import('../lib/query-client');
  return { queryClient, lang, siteOpen: async () => (await knownSiteStatus()).convertEnabled };
}

/**
 * Thrown by a loader while the server draws a page it cannot draw for this visitor (a signed-in
 * user's ticket: the server does not know who asks): the server sends the document only, and the
 * browser draws the page as it would any person's own.
 */
export class DrawInBrowser extends Error {
  constructor() {
    super('the browser draws this page');
  }
}

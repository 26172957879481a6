import type { DehydratedState } from '@tanstack/react-query';
import { isRouteErrorResponse, UNSAFE_ErrorResponseImpl, type HydrationState } from 'react-router';
import type { Lang } from '@obmen/shared/i18n';
import type { SiteStatus } from './site-status';

/**
 * What a page drawn on the server hands to the app in the browser, as JSON in the page (a
 * `<script type="application/json">`: data, never run, so the CSP needs no exception for it).
 */
export const PAGE_STATE_ID = 'page-state';

type SerializedError =
  { kind: 'response'; status: number; statusText: string; data: unknown } | { kind: 'error'; message: string };

/** The files a document names: module scripts (the entry first), what to preload, stylesheets. */
export interface DocumentAssets {
  entry: string[];
  preload: string[];
  styles: string[];
  /** An inline module script run before the entry (dev: React Refresh's preamble). */
  preamble: string | null;
  /** Dev only: the page's styles inline, as Vite's client injects them. */
  devStyles?: DevStyle[];
}

/** A style as Vite's client injects it in dev: its module's id and its CSS. */
export interface DevStyle {
  id: string;
  css: string;
}

/** What the server drew a public page from, for the browser to hydrate it from the same. */
export interface DrawnPage {
  router: { loaderData: Record<string, unknown>; errors: Record<string, SerializedError> | null };
  /** The render's query cache: the first data of the page. */
  queries: DehydratedState;
  site: SiteStatus;
  /** When the server drew the page, on its clock. */
  renderedAt: number;
}

/** Every document's state: what the document was drawn with, and the page when the server drew it. */
export interface PageState {
  lang: Lang;
  assets: DocumentAssets;
  publicUrl: string;
  /** Null for a page the browser draws. */
  drawn: DrawnPage | null;
}

export function serializeErrors(errors: Record<string, unknown> | null): DrawnPage['router']['errors'] {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([id, error]): [string, SerializedError] => [
      id,
      isRouteErrorResponse(error)
        ? { kind: 'response', status: error.status, statusText: error.statusText, data: error.data as unknown }
        : { kind: 'error', message: error instanceof Error ? error.message : String(error) },
    ]),
  );
}

/** The router's state as the server left it (a loader's 404 thrown as a route error, say). */
export function hydrationOf({ router }: DrawnPage): HydrationState {
  const errors = router.errors
    ? Object.fromEntries(
        Object.entries(router.errors).map(([id, error]) => [
          id,
          error.kind === 'response'
            ? new UNSAFE_ErrorResponseImpl(error.status, error.statusText, error.data)
            : new Error(error.message),
        ]),
      )
    : null;
  return { loaderData: router.loaderData, errors };
}

/** The state the server put in this document, and its text (the document is hydrated with the same). */
export function readPageState(): { state: PageState; text: string } {
  const text = document.getElementById(PAGE_STATE_ID)?.textContent ?? '';
  return { state: JSON.parse(text) as PageState, text };
}

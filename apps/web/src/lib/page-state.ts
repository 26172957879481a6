import type { DehydratedState } from '@tanstack/react-query';
import { isRouteErrorResponse, UNSAFE_ErrorResponseImpl, type HydrationState } from 'react-router';
import type { SiteStatus } from './site-status';

/**
 * What a page drawn on the server hands to the app in the browser, as JSON in the page (a
 * `<script type="application/json">`: data, never run, so the CSP needs no exception for it).
 */
export const PAGE_STATE_ID = 'page-state';

type SerializedError =
  { kind: 'response'; status: number; statusText: string; data: unknown } | { kind: 'error'; message: string };

export interface PageState {
  router: { loaderData: Record<string, unknown>; errors: Record<string, SerializedError> | null };
  /** The render's query cache: the first data of the page. */
  queries: DehydratedState;
  site: SiteStatus;
  /** When the server drew the page, on its clock. */
  renderedAt: number;
}

export function serializeErrors(errors: Record<string, unknown> | null): PageState['router']['errors'] {
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
export function hydrationOf({ router }: PageState): HydrationState {
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

/** The state the server put in this page, or null when the browser draws the page itself. */
export function readPageState(): PageState | null {
  const element = document.getElementById(PAGE_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as PageState;
  } catch {
    return null;
  }
}

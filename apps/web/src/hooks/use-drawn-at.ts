import { createContext, useContext } from 'react';
import { useHydrated } from './use-hydrated';

/** When the server drew the page (its clock, epoch ms): each request's own while it draws (entry-server.tsx). */
export const RenderClock = createContext<number | null>(null);

let pageDrawnAt: number | null = null;

/** The moment the page the browser is about to hydrate was drawn (its state's `renderedAt`; main.tsx). */
export function setPageDrawnAt(at: number): void {
  pageDrawnAt = at;
}

/**
 * The moment the server drew the page, while it draws it and while the browser hydrates it, so a
 * time counted from "now" (a payment window) reads the same in both; null from then on, and in
 * pages the browser draws itself.
 */
export function useDrawnAt(): number | null {
  const drawnWith = useContext(RenderClock);
  return useHydrated() ? null : (drawnWith ?? pageDrawnAt);
}

/**
 * The web app's one way to the browser console, so a failure worth a developer's look is written
 * in one place (and could be sent somewhere later) instead of stray console calls.
 */
export const log = {
  error(context: string, error?: unknown): void {
    // eslint-disable-next-line no-console -- the single console sink of the web app
    console.error(`[obmen] ${context}`, ...(error === undefined ? [] : [error]));
  },
};

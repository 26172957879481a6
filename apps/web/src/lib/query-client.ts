import { QueryClient } from '@tanstack/react-query';

/** One client for the app, so code outside components (the session) shares its cache and deduping. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

import { lazy, type ComponentType } from 'react';

/**
 * `React.lazy` with a `preload()` to start the download early (when a pointer nears the button that
 * opens it), so a dialog kept out of the first page load still opens without a visible wait.
 */
export function lazyWithPreload<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null; // a failed download may be tried again
      throw error;
    });
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}

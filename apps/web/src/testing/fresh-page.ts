// The web project's files share one jsdom (vitest.config.ts): each starts from a page with
// nothing left by the file before it in the same worker — its own modules (the app's stores: site
// status, notices, the session), storage, cookies, the root's attributes.
import { beforeAll, vi } from 'vitest';

vi.resetModules();

// jsdom lays nothing out, so nothing ever resizes: an observer that never fires is what it would see.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

beforeAll(() => {
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  for (const { name } of [...document.documentElement.attributes]) document.documentElement.removeAttribute(name);
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

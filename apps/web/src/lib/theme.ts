import { useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';

/** Where an explicit choice is kept (spec §3: local storage holds `scheme`, light or dark). */
export const THEME_STORAGE_KEY = 'scheme';

/** The browser bar colour of each theme (the page background). */
const THEME_COLORS: Record<Theme, string> = { light: '#f2f5fa', dark: '#090d16' };

const DARK_QUERY = '(prefers-color-scheme: dark)';

function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

function darkQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DARK_QUERY)
    : null;
}

/** The theme the operating system asks for. */
export function systemTheme(): Theme {
  return darkQuery()?.matches ? 'dark' : 'light';
}

/** The theme chosen on this device, or null to follow the system. */
export function storedTheme(): Theme | null {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(value) ? value : null;
  } catch {
    return null;
  }
}

/** The theme in force: the stored choice, else the system's (spec §4). */
export function currentTheme(): Theme {
  return storedTheme() ?? systemTheme();
}

/** Puts the theme class on <html> (app/document/theme-init.js did the same before the first paint). */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  // Without this, every element with a colour transition would fade separately into the new theme.
  root.classList.add('theme-switching');
  root.classList.remove('theme-light', 'theme-dark');
  root.classList.add(`theme-${theme}`);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
  requestAnimationFrame(() => requestAnimationFrame(() => root.classList.remove('theme-switching')));
}

const listeners = new Set<() => void>();
let theme: Theme | null = null;
/** A partner's widget shows the theme its address names, whatever the system or a choice says. */
let fixed = false;

function emit(next: Theme): void {
  if (next === theme) return;
  theme = next;
  applyTheme(next);
  for (const listener of listeners) listener();
}

/**
 * Chooses a theme. The choice is stored only while it differs from the system's, so a visitor who
 * picks what their system already says goes on following the system (spec §4).
 */
export function setTheme(next: Theme): void {
  try {
    if (next === systemTheme()) localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // Storage blocked: the choice lasts until the page is left.
  }
  emit(next);
}

export function toggleTheme(): Theme {
  const next: Theme = getTheme() === 'dark' ? 'light' : 'dark';
  setTheme(next);
  return next;
}

/** Shows this theme and keeps it, without storing it: the partner's widget (`?theme=`). */
export function fixTheme(next: Theme): void {
  fixed = true;
  emit(next);
}

export function getTheme(): Theme {
  return theme ?? currentTheme();
}

export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): Theme {
  // The server draws the light theme; the browser's own shows right after hydration.
  return useSyncExternalStore(subscribeTheme, getTheme, () => 'light');
}

/**
 * Starts following the theme: applies the current one and, while nothing is stored, the system's
 * changes (a phone switching to dark at sunset); another tab's choice too.
 */
export function startTheme(): () => void {
  theme = null;
  emit(currentTheme());
  const query = darkQuery();
  const onSystem = () => {
    if (!fixed && !storedTheme()) emit(systemTheme());
  };
  const onStorage = (event: StorageEvent) => {
    if (!fixed && (event.key === THEME_STORAGE_KEY || event.key === null)) emit(currentTheme());
  };
  query?.addEventListener('change', onSystem);
  window.addEventListener('storage', onStorage);
  return () => {
    query?.removeEventListener('change', onSystem);
    window.removeEventListener('storage', onStorage);
  };
}

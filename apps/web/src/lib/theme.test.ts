import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import initScript from '../app/document/theme-init.js?raw';
import { getTheme, setTheme, startTheme, THEME_STORAGE_KEY, toggleTheme } from './theme';

/** A system colour scheme the test can change, as a phone does at sunset. */
function fakeSystem(initial: 'light' | 'dark') {
  let dark = initial === 'dark';
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query.includes('dark') ? dark : !dark;
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    set(next: 'light' | 'dark') {
      dark = next === 'dark';
      for (const listener of listeners) listener();
    },
  };
}

const classes = () =>
  [...document.documentElement.classList].filter((name) => name.startsWith('theme-') && name !== 'theme-switching');

let stop: () => void = () => {};

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  document.documentElement.className = '';
});

afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the theme', () => {
  it('follows the system when nothing is stored, including when the system changes', () => {
    const system = fakeSystem('dark');
    stop = startTheme();
    expect(getTheme()).toBe('dark');
    expect(classes()).toEqual(['theme-dark']);
    system.set('light');
    expect(classes()).toEqual(['theme-light']);
  });

  it('stores a choice that differs from the system under `scheme`, and keeps to it', () => {
    const system = fakeSystem('light');
    stop = startTheme();
    expect(toggleTheme()).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(classes()).toEqual(['theme-dark']);
    system.set('dark');
    system.set('light');
    expect(classes()).toEqual(['theme-dark']);
  });

  it('removes the stored choice once it equals the system preference again', () => {
    fakeSystem('light');
    stop = startTheme();
    setTheme('dark');
    setTheme('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(classes()).toEqual(['theme-light']);
  });

  it('starts from the stored choice over the system', () => {
    fakeSystem('light');
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    stop = startTheme();
    expect(getTheme()).toBe('dark');
    expect(classes()).toEqual(['theme-dark']);
  });

  it('recolours at once: transitions are off for two frames, then back on', () => {
    fakeSystem('light');
    stop = startTheme();
    vi.runAllTimers();
    toggleTheme();
    expect(document.documentElement.classList.contains('theme-switching')).toBe(true);
    vi.runAllTimers();
    expect(document.documentElement.classList.contains('theme-switching')).toBe(false);
  });
});

describe('theme-init.js, run before the first paint', () => {
  const run = () => new Function(initScript)();

  it('puts the stored theme on <html>', () => {
    fakeSystem('light');
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    run();
    expect(classes()).toEqual(['theme-dark']);
  });

  it("puts the system's theme on <html> when nothing (or nonsense) is stored", () => {
    fakeSystem('dark');
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    run();
    expect(classes()).toEqual(['theme-dark']);
  });
});

import { useEffect, useState } from 'react';

export type Scheme = 'light' | 'dark';

// The same key and classes as the site's theme switch (spec §3, §4): one choice for both.
const STORAGE_KEY = 'scheme';
const systemScheme = (): Scheme => (window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');

function storedScheme(): Scheme | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

function apply(scheme: Scheme): void {
  const root = document.documentElement;
  root.classList.toggle('theme-dark', scheme === 'dark');
  root.classList.toggle('theme-light', scheme === 'light');
}

/** Light or dark: the stored choice, else the system's; a choice equal to the system's is not stored. */
export function useTheme(): [Scheme, () => void] {
  const [scheme, setScheme] = useState<Scheme>(() => storedScheme() ?? systemScheme());
  useEffect(() => apply(scheme), [scheme]);
  const toggle = () => {
    const next: Scheme = scheme === 'dark' ? 'light' : 'dark';
    try {
      if (next === systemScheme()) localStorage.removeItem(STORAGE_KEY);
      else localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Not remembered; the switch still works for this visit.
    }
    setScheme(next);
  };
  return [scheme, toggle];
}

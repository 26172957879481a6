import { afterEach, describe, expect, it, vi } from 'vitest';
import { languageOfPath, preferredLanguage, rememberLanguage } from './language';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('the current language', () => {
  it('follows the browser when nothing is stored: English stays English, anything else is Russian', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US', 'en']);
    expect(preferredLanguage()).toBe('en');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['uk-UA']);
    expect(preferredLanguage()).toBe('ru');
  });

  it('prefers the stored choice over the browser', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    rememberLanguage('ru');
    expect(preferredLanguage()).toBe('ru');
  });

  it('ignores a stored value that is no language of ours', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    localStorage.setItem('lang', 'de');
    expect(preferredLanguage()).toBe('en');
  });

  it('reads the language prefix of a path', () => {
    expect(languageOfPath('/en/news/3')).toBe('en');
    expect(languageOfPath('/ru')).toBe('ru');
    expect(languageOfPath('/login')).toBeNull();
    expect(languageOfPath('/english/x')).toBeNull();
  });
});

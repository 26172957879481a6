import { describe, expect, it } from 'vitest';
import { langFromAcceptLanguage, langFromTag } from './languages';

describe('language choice', () => {
  it.each([
    ['en-US', 'en'],
    ['EN', 'en'],
    ['ru-RU', 'ru'],
    ['de-DE', 'ru'],
    ['', 'ru'],
    [undefined, 'ru'],
  ])('maps the browser tag %s to %s (non-English becomes Russian)', (tag, lang) => {
    expect(langFromTag(tag)).toBe(lang);
  });

  it.each([
    ['en-GB,en;q=0.9,ru;q=0.8', 'en'],
    ['de-DE,de;q=0.9,en;q=0.8,ru;q=0.7', 'en'],
    ['ru;q=0.5, en;q=0.9', 'en'],
    ['fr, de', 'ru'],
    ['en;q=0, ru', 'ru'],
    [undefined, 'ru'],
  ])('picks %s → %s from Accept-Language by preference', (header, lang) => {
    expect(langFromAcceptLanguage(header)).toBe(lang);
  });
});

import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { isNewsId, newsPageFromSearch } from '../news-params';
import { FaqList } from './faq-list';
import { RichText } from './rich-text';
import { sectionsOf, TableOfContents } from './table-of-contents';

beforeAll(async () => {
  await initI18n('ru');
  // jsdom lays nothing out, so it has no scrolling to do.
  Element.prototype.scrollIntoView = () => {};
});
afterEach(cleanup);

/** Renders `element` at `path`, in a router kept in memory. */
function renderAt(element: React.ReactNode, path = '/ru/about') {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return {
    get location() {
      return router.state.location;
    },
  };
}

const RULES = [1, 2, 3, 4]
  .map((n) => `<h2 id="section-${n}">${n}. Раздел &amp; «кавычки»</h2><p>Текст ${n}</p>`)
  .join('');

describe('the table of contents', () => {
  it('lists the sections the server gave ids, in order, with their text decoded', () => {
    expect(sectionsOf(`<h2>No id</h2>${RULES}<h3 id="x">Sub</h3>`)).toEqual([
      { id: 'section-1', title: '1. Раздел & «кавычки»' },
      { id: 'section-2', title: '2. Раздел & «кавычки»' },
      { id: 'section-3', title: '3. Раздел & «кавычки»' },
      { id: 'section-4', title: '4. Раздел & «кавычки»' },
    ]);
  });

  it('links to each section, and stays away from a page of few sections', () => {
    renderAt(<TableOfContents html={RULES} variant="aside" />);
    const nav = screen.getByRole('navigation', { name: 'Содержание' });
    expect(nav.querySelectorAll('a')).toHaveLength(4);
    expect(screen.getByRole('link', { name: '3. Раздел & «кавычки»' }).getAttribute('href')).toBe('#section-3');
    cleanup();
    renderAt(<TableOfContents html={RULES.split('<h2 id="section-4"')[0]!} variant="aside" />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

describe('text from the database', () => {
  const html =
    '<p>См. <a href="/ru/contacts">«Контакты»</a> или <a href="https://t.me/obmen_support" target="_blank" rel="noopener noreferrer">Telegram</a></p>';

  it('follows a link to another page of the site without reloading it', () => {
    const router = renderAt(<RichText html={html} />);
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    act(() => {
      screen.getByRole('link', { name: '«Контакты»' }).dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    expect(router.location.pathname).toBe('/ru/contacts');
  });

  it('leaves links out of the site, and clicks with a modifier key, to the browser', () => {
    const router = renderAt(<RichText html={html} />);
    const external = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    screen.getByRole('link', { name: 'Telegram' }).dispatchEvent(external);
    expect(external.defaultPrevented).toBe(false);
    const newTab = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    screen.getByRole('link', { name: '«Контакты»' }).dispatchEvent(newTab);
    expect(newTab.defaultPrevented).toBe(false);
    expect(router.location.pathname).toBe('/ru/about');
  });
});

describe('the FAQ', () => {
  const items = [
    { id: 1, question: 'Сколько длится обмен?', html: '<p>Обычно 5–15 минут.</p>' },
    { id: 2, question: 'Нужно ли регистрироваться?', html: '<p>Нет.</p>' },
  ];

  it('keeps answers folded until their question is opened', () => {
    renderAt(<FaqList items={items} />, '/ru/faq');
    const details = screen.getByText('Сколько длится обмен?').closest('details')!;
    expect(details.open).toBe(false);
    fireEvent.click(screen.getByText('Сколько длится обмен?'));
    expect(details.open).toBe(true);
  });

  it('opens the answer a link points at', () => {
    renderAt(<FaqList items={items} />, '/ru/faq#faq-2');
    expect(screen.getByText('Нужно ли регистрироваться?').closest('details')!.open).toBe(true);
    expect(screen.getByText('Сколько длится обмен?').closest('details')!.open).toBe(false);
  });
});

describe('the news addresses', () => {
  it('reads ?page= as the server does, anything odd as the first page', () => {
    expect(newsPageFromSearch('3')).toBe(3);
    for (const odd of [null, '', '0', '-1', '2.5', 'abc', '01', '9999999']) expect(newsPageFromSearch(odd)).toBe(1);
  });

  it('takes only the ids the server would, so a 404 address never shows an item', () => {
    expect(isNewsId('7')).toBe(true);
    for (const odd of ['0', '07', '1e3', '7.0', 'abc', '1234567890']) expect(isNewsId(odd)).toBe(false);
  });
});

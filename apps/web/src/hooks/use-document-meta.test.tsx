import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useDocumentMeta } from './use-document-meta';

function Page({ title, description }: { title: string; description?: string }) {
  useDocumentMeta({ title, description });
  return null;
}

const content = (selector: string) => document.head.querySelector<HTMLMetaElement>(selector)?.content;

beforeEach(() => {
  document.title = 'Server title';
  document.head.innerHTML =
    '<meta name="description" content="Server description" />' +
    '<meta property="og:title" content="Server title" />' +
    '<meta property="og:description" content="Server description" />';
});
afterEach(cleanup);

describe('the document meta of a page', () => {
  it('sets the title and description, and Open Graph with them', () => {
    render(<Page title="FAQ — Obmen" description="Answers" />);
    expect(document.title).toBe('FAQ — Obmen');
    expect(content('meta[name="description"]')).toBe('Answers');
    expect(content('meta[property="og:title"]')).toBe('FAQ — Obmen');
    expect(content('meta[property="og:description"]')).toBe('Answers');
  });

  it('keeps the description while the page text loads, and gives it back when the page goes', () => {
    const { rerender, unmount } = render(<Page title="Loading" />);
    expect(content('meta[name="description"]')).toBe('Server description');
    rerender(<Page title="Rules" description="The rules" />);
    expect(content('meta[name="description"]')).toBe('The rules');
    unmount();
    expect(content('meta[name="description"]')).toBe('Server description');
  });
});

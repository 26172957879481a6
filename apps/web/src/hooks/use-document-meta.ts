import { useEffect } from 'react';

interface DocumentMeta {
  title: string;
  /** Left as it is when not given (while the page's own text is still loading). */
  description?: string | undefined;
}

// The server writes these into the HTML it sends (apps/server/src/modules/seo/page-meta.ts);
// after client-side navigation the app keeps them in step, so sharing a link shows the right text.
const TAGS = {
  description: 'meta[name="description"]',
  ogTitle: 'meta[property="og:title"]',
  ogDescription: 'meta[property="og:description"]',
} as const;

function setContent(selector: string, value: string): () => void {
  const tag = document.head.querySelector<HTMLMetaElement>(selector);
  if (!tag) return () => {};
  const previous = tag.content;
  tag.content = value;
  return () => {
    tag.content = previous;
  };
}

/** The document's title and description, as the server would send them for this page. */
export function useDocumentMeta({ title, description }: DocumentMeta): void {
  useEffect(() => {
    document.title = title;
    return setContent(TAGS.ogTitle, title);
  }, [title]);

  useEffect(() => {
    if (description === undefined) return;
    const restore = [setContent(TAGS.description, description), setContent(TAGS.ogDescription, description)];
    // A page that sets no description of its own must not inherit this one.
    return () => restore.forEach((undo) => undo());
  }, [description]);
}

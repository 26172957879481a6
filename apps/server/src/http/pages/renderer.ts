// A stand-in for the lead's renderer.ts (issue 43), holding only the type vite-dev.ts implements:
// the lead's version replaces this file at merge.

/** What a page's render reads through: the lead's PublicReads (packages/shared). */
type PublicReads = unknown;

export interface PageRenderer {
  renderPage(request: {
    url: URL;
    reads: PublicReads;
    publicUrl: string;
  }): Promise<{ status: number; html: string; personal: boolean }>;
  INLINE_SCRIPTS: string[];
}

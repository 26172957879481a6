import MarkdownIt from 'markdown-it';

// Raw HTML in the source is escaped, and markdown-it refuses javascript:, vbscript: and data: links,
// so what operators type can never put a script on the page.
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

const defaultLinkOpen =
  markdown.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));

// Links that leave the site open in a new tab without handing it a reference to this one.
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const href = String(token.attrGet('href') ?? '');
  if (/^https?:\/\//i.test(href)) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer');
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};

// Section headings get ids by position, not by wording, so `#section-3` points at the same section
// in Russian and in English and the page's table of contents can link to it.
markdown.core.ruler.push('section_ids', (state) => {
  let section = 0;
  for (const token of state.tokens) {
    if (token.type === 'heading_open' && token.tag === 'h2') token.attrSet('id', `section-${(section += 1)}`);
  }
});

export function renderMarkdown(source: string): string {
  return markdown.render(source);
}

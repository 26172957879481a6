import * as z from './zod';
import type { MessageKey } from '../i18n/messages';

/** WHATWG URL, in both runtimes this runs in (Node, browsers); the package's types name no runtime. */
declare const URL: new (input: string) => {
  protocol: string;
  hostname: string;
  pathname: string;
  search: string;
  hash: string;
  username: string;
  password: string;
  origin: string;
};

function urlOf(text: string) {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** How many sites one partner may let frame its widget. */
export const EMBED_ORIGINS_MAX = 10;

/** Hosts a test or a developer's machine frames from over plain http (only when the server allows it). */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A site allowed to frame the widget, as a browser names it in `frame-ancestors`: scheme, host and
 * port, nothing else (`https://wallet.example`, `https://shop.example:8443`). https only: a page
 * served over plain http could be anyone's on the way. Both the server and the partner's form check
 * with this one rule.
 */
export function parseEmbedOrigin(
  raw: string,
  { localHttp }: { localHttp: boolean },
): { origin: string } | { problem: MessageKey } {
  const url = urlOf(raw.trim());
  if (!url) return { problem: 'partnerEmbed.originInvalid' };
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  // A trailing "/" is what people paste; a path, a query or a wildcard is not an origin.
  if (!bare || !/^[^/]*\/\/[^/]+\/?$/.test(raw.trim()) || url.hostname.includes('*')) {
    return { problem: 'partnerEmbed.originInvalid' };
  }
  if (url.protocol === 'https:') return { origin: url.origin };
  if (url.protocol === 'http:' && localHttp && LOCAL_HOSTS.has(url.hostname)) return { origin: url.origin };
  return { problem: url.protocol === 'http:' ? 'partnerEmbed.originHttps' : 'partnerEmbed.originInvalid' };
}

/** POST /api/v1/Partner/embed/origins. */
export const addEmbedOriginBody = z.object({
  origin: z.string().trim().min(1, 'validation.required').max(200, 'validation.maxLength'),
});
export type AddEmbedOriginBody = z.input<typeof addEmbedOriginBody>;

export const embedOriginParams = z.object({ id: z.uuid() });

export const embedOriginSchema = z.object({ id: z.string(), origin: z.string(), createdAt: z.string() });
export type EmbedOrigin = z.infer<typeof embedOriginSchema>;

/** GET /api/v1/Partner/embed/origins: the partner's sites, and the number its widget's address carries. */
export const embedSettingsSchema = z.object({
  partner: z.string(),
  origins: z.array(embedOriginSchema),
  max: z.number().int(),
});
export type EmbedSettings = z.infer<typeof embedSettingsSchema>;

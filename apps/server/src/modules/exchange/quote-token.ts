import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a quote promised; ticket creation honours a fixed rate only with an unexpired, untampered token. */
export interface QuoteClaims {
  give: string;
  get: string;
  giveSum: string;
  getSum: string;
  rate: string;
  fixed: boolean;
  /** Expiry, epoch milliseconds. */
  exp: number;
  promo: string | null;
  user: string | null;
}

export function createQuoteSigner(secret: string) {
  const key = createHmac('sha256', secret).update('obmen:quote').digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');

  return {
    sign(claims: QuoteClaims): string {
      const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${body}.${mac(body)}`;
    },

    /** The claims when the token is intact, else null; expiry is the caller's to judge. */
    verify(token: string): QuoteClaims | null {
      const [body, signature, extra] = token.split('.');
      if (!body || !signature || extra !== undefined) return null;
      const expected = Buffer.from(mac(body));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as QuoteClaims;
      } catch {
        return null;
      }
    },
  };
}

export type QuoteSigner = ReturnType<typeof createQuoteSigner>;

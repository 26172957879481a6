import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A browser that signed in to an account before: that login and this nonce, signed by the server. */
export interface DeviceCookie {
  name: string;
  value: string;
}

/**
 * OWASP's device cookies ("Slow down online guessing attacks with device cookies"): a browser that
 * signed in to an account keeps signing in to it while strangers guessing its password are
 * throttled. The cookie is `login.nonce.HMAC`; its failures are counted by the nonce.
 */
export function createDeviceCookies(secret: string) {
  // A key of its own, so a device cookie can never pass for anything else the secret signs.
  const key = createHmac('sha256', secret).update('obmen:device-cookie').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  const encode = (login: string) => Buffer.from(login.toLowerCase()).toString('base64url');

  return {
    /** One cookie per account, so a family computer remembers each of its people. */
    nameFor(login: string): string {
      return `device_${createHash('sha256').update(login.toLowerCase()).digest('hex').slice(0, 16)}`;
    },

    issue(login: string): DeviceCookie {
      const payload = `${encode(login)}.${randomBytes(16).toString('base64url')}`;
      return { name: this.nameFor(login), value: `${payload}.${mac(payload).toString('base64url')}` };
    },

    /** The cookie's nonce when it is ours and for this login; null for anything else. */
    nonceOf(login: string, value: string | undefined): string | null {
      const [encoded, nonce, signature, ...rest] = value?.split('.') ?? [];
      if (!encoded || !nonce || !signature || rest.length > 0 || encoded !== encode(login)) return null;
      const expected = mac(`${encoded}.${nonce}`);
      const given = Buffer.from(signature, 'base64url');
      return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;

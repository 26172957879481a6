import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Seals TOTP secrets with AES-256-GCM under TWO_FACTOR_KEY, bound to their user: a sealed secret
 * copied to another user's row does not open. Stored as `v1.iv.tag.ciphertext` (base64url).
 */
export function createSecretSealer(twoFactorKey: string) {
  // The setting is any long text, like SECRET; SHA-256 makes it the 32 bytes AES-256 takes.
  const key = createHash('sha256').update(twoFactorKey).digest();
  return {
    seal(userId: string, secret: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(userId));
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), sealed]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },

    /** Throws when the text was not sealed with this key for this user. */
    open(userId: string, sealedText: string): string {
      const [version, iv, tag, sealed] = sealedText.split('.');
      if (version !== 'v1' || !iv || !tag || sealed === undefined) throw new Error('not a sealed TOTP secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(Buffer.from(userId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

export type SecretSealer = ReturnType<typeof createSecretSealer>;

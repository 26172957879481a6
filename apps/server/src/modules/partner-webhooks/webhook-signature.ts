import { createHmac } from 'node:crypto';

/** `Obmen-Signature: t=<unix>,v1=<hex>[,v1=<hex>]`: one v1 per secret that signs (two during a rotation's overlap). */
export function signatureHeader(timestamp: number, body: string, secrets: readonly string[]): string {
  const signatures = secrets.map(
    (secret) => `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`,
  );
  return [`t=${timestamp}`, ...signatures].join(',');
}

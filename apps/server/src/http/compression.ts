import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

/**
 * Answers from 1 KB on are compressed, in the client's preferred encoding: routes by
 * @fastify/compress (app.ts), pages by web-app.ts.
 */
export const COMPRESS_FROM = 1024;
const ENCODINGS = ['br', 'gzip', 'identity'];

export type Encoding = 'br' | 'gzip';

/** The encoding an answer goes out in, as the client's Accept-Encoding prefers: brotli, gzip or none. */
export function chosenEncoding(acceptEncoding: string | undefined): Encoding | null {
  const encoding = acceptEncoding ? negotiate(acceptEncoding, ENCODINGS) : null;
  return encoding === 'br' || encoding === 'gzip' ? encoding : null;
}

/** An answer made for one request, in an encoding, at @fastify/compress's settings (brotli 4). */
export function compressed(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: 6 });
  return brotliCompressSync(body, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

/** Answers from 1 KB on are compressed (@fastify/compress, app.ts), pages as any other answer. */
export const COMPRESS_FROM = 1024;

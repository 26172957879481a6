import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteStatusSchema } from '@obmen/shared';
import { publicCache } from '../../http/public-cache';
import type { StatusService } from './status.service';

/** `/status.json` (issue 48): the status page's figures for anyone, cached like the other public reads. */
export const statusRoutes: FastifyPluginAsyncZod<{ status: StatusService }> = async (app, { status }) => {
  await app.register(async (reads) => {
    await reads.register(publicCache);
    reads.get(
      '/status.json',
      {
        schema: {
          tags: ['public'],
          summary: 'Networks, directions and why they are closed, and the median time from paid to paid out',
          response: { 200: siteStatusSchema },
        },
      },
      async () => status.read(),
    );
  });
};

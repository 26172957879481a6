import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminFaqBody,
  adminNewsBody,
  adminNewsId,
  adminNewsSchema,
  adminListQuery,
  adminPageBody,
  adminPageSchema,
  adminPagesSchema,
  adminPairParams,
  adminPreviewBody,
  adminPreviewSchema,
  adminSeoBody,
  adminSeoSchema,
  PAGE_SLUGS,
  paged,
} from '@obmen/shared';
import type { AuthGuards } from '../accounts/auth-guards';
import { actorOf, consoleRoles } from '../admin/console';
import type { ContentAdminService } from './content-admin.service';

const faqList = adminPagesSchema.shape.faq;

/** The console's content: admins edit news, pages, the FAQ and a pair's SEO. */
export const contentAdminRoutes: FastifyPluginAsyncZod<{ guards: AuthGuards; content: ContentAdminService }> = async (
  app,
  { guards, content },
) => {
  const { adminOnly } = consoleRoles(guards);

  app.get(
    '/api/admin/news',
    { ...adminOnly, schema: { querystring: adminListQuery, response: { 200: paged(adminNewsSchema) } } },
    async ({ query }) => content.news(query.q, query),
  );
  app.post(
    '/api/admin/news',
    { ...adminOnly, schema: { body: adminNewsBody, response: { 200: adminNewsSchema } } },
    async (request) => content.createNews(actorOf(request), request.body),
  );
  app.put(
    '/api/admin/news/:id',
    { ...adminOnly, schema: { params: adminNewsId, body: adminNewsBody, response: { 200: adminNewsSchema } } },
    async (request) => content.updateNews(actorOf(request), request.params.id, request.body),
  );
  app.delete('/api/admin/news/:id', { ...adminOnly, schema: { params: adminNewsId } }, async (request, reply) => {
    await content.deleteNews(actorOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/admin/pages', { ...adminOnly, schema: { response: { 200: adminPagesSchema } } }, () => content.pages());
  app.put(
    '/api/admin/pages/:slug',
    {
      ...adminOnly,
      schema: {
        params: z.object({ slug: z.enum(PAGE_SLUGS) }),
        body: adminPageBody,
        response: { 200: adminPageSchema },
      },
    },
    async (request) => content.savePage(actorOf(request), request.params.slug, request.body),
  );
  app.put(
    '/api/admin/pages/faq/items',
    { ...adminOnly, schema: { body: adminFaqBody, response: { 200: faqList } } },
    async (request) => content.saveFaq(actorOf(request), request.body.items),
  );

  app.get('/api/admin/seo', { ...adminOnly, schema: { response: { 200: z.array(adminSeoSchema) } } }, () =>
    content.seo(),
  );
  app.put(
    '/api/admin/seo/:give/:get',
    { ...adminOnly, schema: { params: adminPairParams, body: adminSeoBody, response: { 200: adminSeoSchema } } },
    async (request) => content.saveSeo(actorOf(request), request.params.give, request.params.get, request.body),
  );
  app.delete(
    '/api/admin/seo/:give/:get',
    { ...adminOnly, schema: { params: adminPairParams } },
    async (request, reply) => {
      await content.deleteSeo(actorOf(request), request.params.give, request.params.get);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/admin/preview',
    { ...adminOnly, schema: { body: adminPreviewBody, response: { 200: adminPreviewSchema } } },
    async (request) => content.preview(request.body.markdown),
  );
};

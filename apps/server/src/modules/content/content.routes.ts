import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { newsDetailSchema, newsIdParams, newsPageSchema, pageParams, pageQuery, pageSchema } from '@obmen/shared';
import type { ContentService } from './content.service';

export const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService }> = async (app, { content }) => {
  app.get('/api/v1/news/', { schema: { querystring: pageQuery, response: { 200: newsPageSchema } } }, async (request) =>
    content.news(request.query.page, request.query.perPage, request.lang),
  );

  app.get(
    '/api/v1/news/show/:id',
    { schema: { params: newsIdParams, response: { 200: newsDetailSchema } } },
    async (request) => content.newsItem(request.params.id, request.lang),
  );

  app.get('/api/v1/pages/:slug', { schema: { params: pageParams, response: { 200: pageSchema } } }, async (request) =>
    content.page(request.params.slug, request.lang),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createdPartnerKeySchema,
  createPartnerKeyBody,
  partnerKeyParams,
  partnerKeySchema,
  partnerKeysSchema,
  partnerReportQuery,
  partnerReportSchema,
} from '@obmen/shared';
import type { AuthGuards } from '../accounts/auth-guards';
import type { PartnerKeysService } from './partner-keys.service';
import type { PartnerReports } from './partner-reports.service';

const BASE = '/api/v1/Partner';

const csvQuery = partnerReportQuery.pick({ from: true, to: true });

/** The partner's area (issue 47): its keys, and its report with the CSV download. Signed in like the rest of the area. */
export const partnerKeysRoutes: FastifyPluginAsyncZod<{
  keys: PartnerKeysService;
  reports: PartnerReports;
  guards: AuthGuards;
}> = async (app, { keys, reports, guards }) => {
  app.get(
    `${BASE}/keys`,
    { preHandler: guards.requireUser, schema: { response: { 200: partnerKeysSchema } } },
    async (request) => keys.list(request.user!),
  );

  app.post(
    `${BASE}/keys`,
    {
      preHandler: guards.requireUser,
      schema: { body: createPartnerKeyBody, response: { 200: createdPartnerKeySchema } },
    },
    async (request) => keys.create(request.user!, request.body),
  );

  app.post(
    `${BASE}/keys/:id/revoke`,
    { preHandler: guards.requireUser, schema: { params: partnerKeyParams, response: { 200: partnerKeySchema } } },
    async (request) => keys.revoke(request.user!, request.params.id),
  );

  app.get(
    `${BASE}/report`,
    {
      preHandler: guards.requireUser,
      schema: { querystring: partnerReportQuery, response: { 200: partnerReportSchema } },
    },
    async (request) => reports.page(request.user!.id, request.query),
  );

  app.get(
    `${BASE}/report.csv`,
    // text/csv, not JSON: no response schema to serialize it through.
    { preHandler: guards.requireUser, schema: { querystring: csvQuery } },
    async (request, reply) => {
      const { from, to } = request.query;
      const day = (iso: string) => iso.slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="obmen-partner-${day(from)}-${day(to)}.csv"`)
        .send(await reports.csv(request.user!.id, { from, to }));
    },
  );
};

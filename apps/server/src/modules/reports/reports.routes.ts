import {
  adminDashboardSchema,
  commissionExportQuerySchema,
  dashboardQuerySchema,
} from '@pulsa/shared/schemas/reports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileResponse } from '../../plugins/openapi-errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { adminDashboard, commissionExport } from './reports.service.ts';

/** /api/admin/dashboard and the monthly commission export: admins only. */
export async function reportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const admin = { onRequest: app.requireRole('admin') };

  r.get(
    '/admin/dashboard',
    {
      ...admin,
      schema: {
        tags,
        summary:
          'Head counts, newest doctors and patients, and a period’s money and consultations by week or month (from the daily roll-ups)',
        querystring: dashboardQuerySchema,
        response: { 200: adminDashboardSchema },
      },
    },
    async (request) => adminDashboard(app.db, request.query),
  );

  r.get(
    '/admin/reports/commissions.csv',
    {
      ...admin,
      schema: {
        tags,
        summary: 'The month’s commission per doctor (CSV, UTF-8 with BOM), for Pulsa’s own invoices; audited',
        querystring: commissionExportQuerySchema,
        response: { 200: fileResponse(['text/csv'], 'The commission per doctor (CSV, UTF-8 with BOM)') },
      },
    },
    async (request, reply) => {
      const { month } = request.query;
      const csv = await commissionExport(app.db, month);
      // It carries doctors' CPFs: who took it is kept.
      await recordAudit(app.db, {
        actorId: request.viewer.id,
        action: 'report.commissions_exported',
        entity: 'report',
        entityId: `commissions:${month}`,
        ip: request.ip,
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="comissoes-${month}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}

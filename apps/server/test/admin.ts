import { and, desc, eq } from 'drizzle-orm';
import { auditLog } from '../src/db/schema';
import type { TestContext } from './test-app';
import { createUser } from './users';

export type Headers = Record<string, string>;

/** A user, an operator and an admin of the console, each with their bearer header. */
export async function consoleRoles(ctx: TestContext) {
  const operator = await createUser(ctx, 'operator');
  const admin = await createUser(ctx, 'admin');
  return {
    user: (await createUser(ctx)).headers,
    operator: operator.headers,
    operatorName: operator.username,
    admin: admin.headers,
    adminName: admin.username,
  };
}

/** The newest audit records of one resource (and id), newest first. */
export function auditOf(ctx: TestContext, resource: string, resourceId?: string) {
  return ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, resource), resourceId ? eq(auditLog.resourceId, resourceId) : undefined))
    .orderBy(desc(auditLog.createdAt));
}

/** A JSON call to the console's API. */
export function call(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: unknown,
) {
  return ctx.app.inject({ method, url, headers, ...(payload !== undefined && { payload: payload as object }) });
}

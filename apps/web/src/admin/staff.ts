import type { EnsureQueryDataOptions } from '@tanstack/react-query';
import { data, redirect, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router';
import { twoFactorQueryOptions } from '../features/auth/api/get-two-factor';
import { userInfoQueryOptions } from '../features/auth/api/get-user-info';
import { endSession, getSession } from '../features/auth/session';
import { ApiError } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { CONSOLE_PATHS, STAFF_ROUTE_ID } from './admin-routes';
import type { ConsoleRole } from './components/console-layout';

/** The signed-in staff member the console's screens are shown to. */
export interface Staff {
  token: string;
  username: string;
  role: ConsoleRole;
}

/** The console address the login or the two-factor set-up returns to: one of the console's, never another site's. */
export function returnPath(search: URLSearchParams): string {
  const to = search.get('redirectTo');
  return to?.startsWith(`${CONSOLE_PATHS.base}/`) ? to : CONSOLE_PATHS.start;
}

/** A redirect to the login or the two-factor set-up that comes back here afterwards. */
function sendTo(path: string, request: Request): Response {
  const { pathname, search } = new URL(request.url);
  return redirect(`${path}?${new URLSearchParams({ redirectTo: pathname + search })}`);
}

/**
 * Who is signed in, as the server says (GET /User/info): a redirect to the console's login for
 * nobody, a 403 naming them for a visitor's account. Loaders run before anything shows, so no
 * screen draws for someone the console is not for.
 */
export async function readStaff(request: Request): Promise<Staff> {
  const { token } = getSession();
  if (!token) throw sendTo(CONSOLE_PATHS.login, request);
  let info;
  try {
    info = await queryClient.fetchQuery(userInfoQueryOptions(token));
  } catch (error) {
    // A refused token has ended the session already (the api client's handler).
    if (error instanceof ApiError && error.status === 401) throw sendTo(CONSOLE_PATHS.login, request);
    throw error;
  }
  if (!info) {
    endSession();
    throw sendTo(CONSOLE_PATHS.login, request);
  }
  if (info.role === 'user') throw data({ username: info.username }, { status: 403 });
  return { token, username: info.username, role: info.role };
}

/**
 * Every console screen's check (its parent's loader and its own): staff with two-factor
 * authentication on (issue 33; the API insists too), and an admin for the admins' screens (a 403
 * the screen's boundary shows inside the console). The answers are shared through the query cache,
 * so a navigation asks the server nothing new.
 */
export async function requireStaff(request: Request, need: ConsoleRole = 'operator'): Promise<Staff> {
  const staff = await readStaff(request);
  // fetchQuery, not ensureQueryData: the set-up marks the status stale when it is turned on.
  const twoFactor = await queryClient.fetchQuery({ ...twoFactorQueryOptions(staff.token), staleTime: 60_000 });
  if (!twoFactor.enabled) throw sendTo(CONSOLE_PATHS.twoFactor, request);
  if (need === 'admin' && staff.role !== 'admin') throw data(null, { status: 403 });
  return staff;
}

/** The staff member the console's screens are shown to (the parent route's loader data). */
export function useStaff(): Staff {
  return useRouteLoaderData(STAFF_ROUTE_ID) as Staff;
}

/**
 * A screen's loader: the staff check (an admin for the admins' screens), then the screen's first
 * data in the query cache, so the screen draws from it and a failed read shows the screen's boundary.
 */
// Each read has its own data type, which the loader never looks at (it only waits for it).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function screenLoader(need: ConsoleRole, ...reads: EnsureQueryDataOptions<any, Error, any, any>[]) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requireStaff(request, need);
    await Promise.all(reads.map((read) => queryClient.ensureQueryData(read)));
    return null;
  };
}

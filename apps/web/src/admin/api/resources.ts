import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RequestOptions } from '../../lib/api-client';
import { adminKeys, adminRequest } from './admin-request';

/**
 * The console's calls for the set-up, people and content screens. Each resource is a list (or one
 * record) read through `adminQueryOptions` (by a screen's loader and by `useAdminQuery`) and
 * changed with `useAdminMutation`, which refreshes the resources it names once the change is in;
 * the paths and shapes are the contracts of @obmen/shared/contracts (admin.ts).
 */
export const adminQueryOptions = <T>(resource: string, path: string, query?: RequestOptions['query']) =>
  queryOptions({
    queryKey: query ? adminKeys.list(resource, query) : adminKeys.resource(resource),
    queryFn: ({ signal }) => adminRequest<T>(path, { signal, ...(query && { query }) }),
    placeholderData: keepPreviousData,
  });

export function useAdminQuery<T>(resource: string, path: string, query?: RequestOptions['query']) {
  return useQuery(adminQueryOptions<T>(resource, path, query));
}

export interface AdminCall {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  json?: unknown;
}

/** A change: on success the named resources are read again, so every screen shows what is stored now. */
export function useAdminMutation<T = unknown>(refresh: string[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ method, path, json }: AdminCall) =>
      adminRequest<T>(path, { method, ...(json !== undefined && { json }) }),
    onSuccess: async () => {
      await Promise.all(refresh.map((name) => client.invalidateQueries({ queryKey: adminKeys.resource(name) })));
    },
  });
}

/** A page of a list, as every paged console call answers (design §3). */
export interface Paged<T> {
  items: T[];
  page: number;
  perPage: number;
  total: number;
}

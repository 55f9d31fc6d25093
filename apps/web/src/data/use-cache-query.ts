import { type QueryKey, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { CommandClient } from '@tide/core/cache';
import { useAppData } from './data-context.tsx';

/** Options of {@link useCacheQuery}. */
export interface CacheQueryOptions {
  enabled?: boolean;
  staleTime?: number;
  refetchInterval?: number | false;
}

/**
 * The hook pattern every screen uses for one-shot data: `run` calls a core command with the app's commands client
 * (personalised with the viewer's `user_pubkey`; pass `signal` on) and returns the parsed value; TanStack Query caches it under `key` (fresh 5 s, gc 3 min).
 */
export function useCacheQuery<T>(
  key: QueryKey,
  run: (client: CommandClient, signal: AbortSignal) => Promise<T>,
  options: CacheQueryOptions = {},
): UseQueryResult<T> {
  const { commands } = useAppData();
  return useQuery({ queryKey: key, queryFn: ({ signal }) => run(commands, signal), ...options });
}

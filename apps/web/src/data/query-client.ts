import { QueryClient } from '@tanstack/react-query';

/** Query data stays fresh 5 s (spec §9 router cache). */
export const QUERY_FRESH_MS = 5_000;
/** Unused query data expires after 3 minutes (spec §9 router cache). */
export const QUERY_GC_MS = 180_000;

/** The query cache of one page load: fresh 5 s, expiry 3 min, one retry, no refetch on window focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_FRESH_MS, gcTime: QUERY_GC_MS, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

import type { Store } from '../src/store/index.ts';

/**
 * Counts the statements run through `store.db` (the same store object, so per-store caches stay) while `run` runs,
 * then puts the plain connection back.
 */
export async function statementsOf(store: Store, run: () => Promise<unknown>): Promise<number> {
  const db = store.db;
  let n = 0;
  store.db = db.withPlugin({
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      n += 1;
      return args.result;
    },
  });
  try {
    await run();
  } finally {
    store.db = db;
  }
  return n;
}

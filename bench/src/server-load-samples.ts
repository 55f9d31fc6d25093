// The load bench's samples: the users, muters, thread roots and search words its sockets ask about.
import Database from 'better-sqlite3';
import postgres from 'postgres';
import type { LoadSamples } from './server-load-client.ts';

const SAMPLE_SQL = {
  users: 'SELECT pubkey FROM user_stats WHERE follows_count > 0 ORDER BY followers_count DESC, pubkey LIMIT 400',
  muters: "SELECT DISTINCT pubkey FROM list_items WHERE kind = 10000 AND identifier = ''",
  notes: "SELECT DISTINCT parent_id FROM event_replies WHERE parent_id != '' LIMIT 400",
};

/** The samples from the three queries' rows. */
function samplesOf(
  users: Array<{ pubkey: string }>,
  muters: Array<{ pubkey: string }>,
  notes: Array<{ parent_id: string }>,
): LoadSamples {
  return {
    users: users.map((u) => u.pubkey),
    muters: muters.map((u) => u.pubkey),
    notes: notes.map((n) => n.parent_id),
    words: ['coffee', 'relay', 'garden music', 'bitcoin', 'quiet river', 'protocol', 'stars', 'bread'],
  };
}

/** Users (demo accounts first), thread roots and search words of the seeded store, read from its file. */
export function readSamples(dbPath: string): LoadSamples {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const all = <T>(query: string) => db.prepare(query).all() as T[];
    return samplesOf(all(SAMPLE_SQL.users), all(SAMPLE_SQL.muters), all(SAMPLE_SQL.notes));
  } finally {
    db.close();
  }
}

/** The same samples from a PostgreSQL store (in `schema`). */
export async function readSamplesPg(url: string, schema: string): Promise<LoadSamples> {
  const sql = postgres(url, { max: 1, onnotice: () => {}, connection: { search_path: schema } });
  try {
    const all = async <T>(query: string) => (await sql.unsafe(query)) as unknown as T[];
    return samplesOf(await all(SAMPLE_SQL.users), await all(SAMPLE_SQL.muters), await all(SAMPLE_SQL.notes));
  } finally {
    await sql.end();
  }
}

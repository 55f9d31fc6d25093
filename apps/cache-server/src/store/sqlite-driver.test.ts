import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { cachePreparedStatements, FifoSqliteDialect } from './sqlite-driver.ts';

interface Db {
  t: { n: number };
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function openConn(): SqliteDatabase.Database {
  const dir = mkdtempSync(join(tmpdir(), 'tide-driver-'));
  dirs.push(dir);
  const conn = new SqliteDatabase(join(dir, 'x.db'));
  conn.pragma('journal_mode = WAL');
  return conn;
}

describe('cachePreparedStatements', () => {
  it('returns the same statement for the same SQL and keeps at most `size` of them', () => {
    const conn = openConn();
    cachePreparedStatements(conn, 2);
    const a = conn.prepare('SELECT 1');
    expect(conn.prepare('SELECT 1')).toBe(a);
    conn.prepare('SELECT 2');
    conn.prepare('SELECT 3'); // evicts SELECT 1, the least recently used
    expect(conn.prepare('SELECT 1')).not.toBe(a);
    conn.close();
  });

  it('still sees schema changes made after a statement was cached', () => {
    const conn = openConn();
    cachePreparedStatements(conn);
    conn.prepare('CREATE TABLE t (n INTEGER)').run();
    conn.prepare('INSERT INTO t (n) VALUES (?)').run(1);
    expect(conn.prepare('SELECT * FROM t').all()).toEqual([{ n: 1 }]);
    conn.prepare('ALTER TABLE t ADD COLUMN m INTEGER DEFAULT 7').run();
    expect(conn.prepare('SELECT * FROM t').all()).toEqual([{ n: 1, m: 7 }]);
    conn.close();
  });
});

describe('FifoSqliteDialect', () => {
  it('runs concurrent queries one at a time in arrival order, and reads wait for an open transaction', async () => {
    const conn = openConn();
    cachePreparedStatements(conn);
    const db = new Kysely<Db>({ dialect: new FifoSqliteDialect(conn) });
    await sql`CREATE TABLE t (n INTEGER)`.execute(db);
    const order: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const trx = db.transaction().execute(async (t) => {
      await t.insertInto('t').values({ n: 1 }).execute();
      order.push('trx inserted');
      await gate;
      await t.insertInto('t').values({ n: 2 }).execute();
      order.push('trx done');
    });
    await new Promise((r) => setTimeout(r, 10));
    const reads = [1, 2, 3].map(async (i) => {
      const rows = await db.selectFrom('t').select('n').execute();
      order.push(`read ${i}: ${rows.length}`);
    });
    release();
    await Promise.all([trx, ...reads]);
    expect(order).toEqual(['trx inserted', 'trx done', 'read 1: 2', 'read 2: 2', 'read 3: 2']);
    await db.destroy();
  });
});

import type { CacheClient } from '@tide/core/cache';
import { type CacheEvent, CacheKind } from '@tide/core/nostr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, fixtureEvents, loadFixture, NOW, U } from '../src/commands/content-test-fixture.ts';
import { openWire } from '../src/commands/content-wire.test-helper.ts';
import { allCommands } from '../src/commands/index.ts';
import { ingestEvents } from '../src/ingest/index.ts';
import type { RunningServer } from '../src/server.ts';
import { LIVE_COMMANDS, SPEC_COMMANDS } from './command-coverage-list.ts';
import { type CoverageCase, coverageCases, coverageExtras } from './command-coverage-table.ts';
import { describeDialects } from './dialects.ts';

const SYNTHETIC_KINDS = new Set<number>(Object.values(CacheKind));
const ALL_SPEC_COMMANDS = Object.values(SPEC_COMMANDS).flat();

/** A live command: subscribe, resolve with what arrived once EOSE and the first push of `kinds` are in, CLOSE. */
function subscribeOnce(client: CacheClient, c: CoverageCase): Promise<CacheEvent[]> {
  return new Promise((resolve, reject) => {
    const got: CacheEvent[] = [];
    let eose = false;
    const finish = () => {
      if (eose && c.kinds.every((k) => got.some((e) => e.kind === k))) {
        close();
        resolve(got);
      }
    };
    const close = client.subscribe(
      c.command,
      c.payload,
      (event) => {
        got.push(event);
        finish();
      },
      {
        onEose: () => {
          eose = true;
          finish();
        },
        onNotice: (notice) => {
          close();
          reject(new Error(`NOTICE ${notice}`));
        },
      },
    );
  });
}

describe('spec §7 command list', () => {
  it('names each command once and registers every one of them', () => {
    expect(new Set(ALL_SPEC_COMMANDS).size).toBe(ALL_SPEC_COMMANDS.length);
    expect(ALL_SPEC_COMMANDS).toHaveLength(73);
    expect(ALL_SPEC_COMMANDS.filter((name) => !allCommands.has(name))).toEqual([]);
  });

  it('has a wire case for every command', () => {
    const cases = coverageCases(fixtureEvents(), coverageExtras()).map((c) => c.command);
    expect(ALL_SPEC_COMMANDS.filter((name) => !cases.includes(name))).toEqual([]);
    expect(cases.filter((name) => !ALL_SPEC_COMMANDS.includes(name))).toEqual([]);
  });
});

describeDialects('every spec §7 command over the wire (CacheClient)', (getStore) => {
  let server: RunningServer;
  let client: CacheClient;
  const extras = coverageExtras();
  let cases: CoverageCase[] = [];
  let fixture: Fixture;
  beforeAll(async () => {
    const f = await loadFixture(getStore());
    fixture = f;
    const results = await ingestEvents(getStore(), extras.lists, { source: 'import', now: NOW });
    expect(results.filter((r) => !r.ok)).toEqual([]);
    cases = coverageCases(f, extras);
    ({ server, client } = await openWire(getStore()));
    // A DM is sent the web client's way: the signed kind 4 is imported.
    const imported = await client.request('import_events', { events: [extras.dm] });
    expect(JSON.parse(String(imported[0]?.content))).toEqual({ imported: 1, errors: 0 });
  });
  afterAll(async () => {
    client.disconnect();
    await server.close();
  });

  it('answers each case with EOSE (no NOTICE), the protocol answer kinds, and only known synthetic kinds', async () => {
    const problems: string[] = [];
    for (const c of cases) {
      const title = c.label ?? c.command;
      try {
        const answer = LIVE_COMMANDS.has(c.command)
          ? await subscribeOnce(client, c)
          : await client.request(c.command, c.payload, { timeoutMs: 10_000 });
        const kinds = new Set(answer.map((e) => e.kind));
        const missing = c.kinds.filter((k) => !kinds.has(k));
        if (missing.length > 0) problems.push(`${title}: missing kinds ${missing.join(', ')} (got ${[...kinds]})`);
        const unknown = [...kinds].filter((k) => k >= 10_000_000 && !SYNTHETIC_KINDS.has(k));
        if (unknown.length > 0) problems.push(`${title}: unknown synthetic kinds ${unknown.join(', ')}`);
      } catch (error) {
        problems.push(`${title}: ${(error as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('answers the mobile multi-kind verbs (beyond spec §7) with the bundle kinds', async () => {
    const { viewer, bob } = U;
    const spec = JSON.stringify({ id: 'feed', kind: 'notes', notes: 'authored', pubkey: bob.pubkey });
    const extra: CoverageCase[] = [
      {
        command: 'multi_kind_mega_feed_directive',
        payload: { spec, kinds: [1, 20], limit: 20, user_pubkey: viewer.pubkey },
        kinds: [1, 0, 10000100, 10000113],
      },
      {
        command: 'multi_kind_thread_view',
        payload: { event_id: fixture.r1.id, kinds: [1], limit: 100, user_pubkey: viewer.pubkey },
        kinds: [1, 0, 10000100, 10000113],
      },
    ];
    for (const c of extra) {
      expect(allCommands.has(c.command), c.command).toBe(true);
      const kinds = new Set((await client.request(c.command, c.payload, { timeoutMs: 10_000 })).map((e) => e.kind));
      expect(
        c.kinds.filter((k) => !kinds.has(k)),
        c.command,
      ).toEqual([]);
    }
  });
});

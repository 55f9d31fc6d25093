import { expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { ev, profile, T0, testUser } from '../../test/fixtures/events.ts';
import { ingestEvents } from '../ingest/ingest-events.ts';
import { userProfile } from './people-profile.ts';
import { testContext } from './people-test-fixtures.ts';

const NOW = T0 + 86_400;

describeDialects('user_profile live-stream events (30311) of the last hour', (getStore) => {
  const host = testUser('live-host');
  const guest = testUser('live-guest');
  const oldHost = testUser('live-old-host');
  const stream = (user: typeof host, d: string, at: number, tagged: string[]) =>
    ev(user, 30311, '', [['d', d], ['status', 'live'], ...tagged.map((pk) => ['p', pk, '', 'Speaker'])], at);

  it('answers the streams a user hosts or is tagged in, current versions of the last hour only', async () => {
    const live = stream(host, 'show', NOW - 600, [guest.pubkey]);
    const old = stream(oldHost, 'old-show', NOW - 7200, [guest.pubkey]);
    await ingestEvents(getStore(), [profile(host, { name: 'host' }), profile(guest, { name: 'guest' }), live, old], {
      now: NOW,
    });
    const kinds30311 = async (pubkey: string) =>
      (await userProfile(testContext(getStore(), NOW), { pubkey })).filter((e) => e.kind === 30311).map((e) => e.id);
    expect(await kinds30311(host.pubkey)).toEqual([live.id]);
    expect(await kinds30311(guest.pubkey)).toEqual([live.id]);
    expect(await kinds30311(oldHost.pubkey)).toEqual([]);
    // a newer version without the guest replaces the stream: the guest no longer takes part
    const replaced = stream(host, 'show', NOW - 60, []);
    await ingestEvents(getStore(), [replaced], { now: NOW });
    expect(await kinds30311(guest.pubkey)).toEqual([]);
    expect(await kinds30311(host.pubkey)).toEqual([replaced.id]);
  });
});

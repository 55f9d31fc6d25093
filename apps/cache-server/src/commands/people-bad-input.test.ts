import { expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { CommandError } from './context.ts';
import { peopleCommands } from './people-commands.ts';
import { signedRequest, testContext, testUser } from './people-test-fixtures.ts';

const user = testUser(91);
const hex = 'a'.repeat(64);

/** Malformed values tried for every payload field (a shorter list on PostgreSQL, where each call is a round trip). */
const BAD_VALUES: unknown[] = [null, 'x', {}, -1, 1e308, 'A'.repeat(64), [], ['x'], true, ''];
const SHORT_BAD_VALUES: unknown[] = [null, 'x', {}, -1];
const HUGE_LIST = Array.from({ length: 2000 }, () => hex);

const FIELDS = [
  'pubkey',
  'pubkeys',
  'user_pubkey',
  'sender',
  'receiver',
  'limit',
  'offset',
  'since',
  'until',
  'query',
  'identifier',
  'relation',
  'type_group',
  'extended_response',
  'client',
  'event_from_user',
  'settings_event',
];

const fromUser = signedRequest(user, { subkey: 'user-nwc', settings: {} });
const settingsEvent = signedRequest(user, { theme: 'ice' });

/** A valid-looking base payload every handler can start from. */
function basePayload(): Record<string, unknown> {
  return {
    pubkey: hex,
    pubkeys: [hex],
    user_pubkey: hex,
    sender: hex,
    receiver: hex,
    query: 'abc',
    identifier: 'mute',
    relation: 'any',
    type_group: 'all',
    event_from_user: fromUser,
    settings_event: settingsEvent,
  };
}

describeDialects('people commands with bad input', (getStore, dialect) => {
  it('never crash: every malformed field gives a result or a CommandError (NOTICE)', async () => {
    const ctx = testContext(getStore());
    const unexpected: string[] = [];
    for (const [name, handler] of Object.entries(peopleCommands)) {
      const payloads: Array<Record<string, unknown> | undefined> = [undefined, {}];
      const values = dialect === 'sqlite' ? BAD_VALUES : SHORT_BAD_VALUES;
      for (const field of FIELDS) for (const bad of values) payloads.push({ ...basePayload(), [field]: bad });
      payloads.push({ ...basePayload(), pubkeys: HUGE_LIST });
      for (const payload of payloads) {
        try {
          await handler(ctx, payload as Record<string, unknown>);
        } catch (err) {
          if (!(err instanceof CommandError)) {
            unexpected.push(`${name} ${JSON.stringify(payload)?.slice(0, 120)}: ${String(err)}`);
          }
        }
      }
    }
    expect(unexpected).toEqual([]);
  }, 200_000);
});

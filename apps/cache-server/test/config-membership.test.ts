import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/config.ts';

const uri = `nostr+walletconnect://${'a'.repeat(64)}?relay=ws%3A%2F%2F127.0.0.1%3A8787%2F&secret=${'b'.repeat(64)}`;

describe('parseConfig: the operator wallet of the membership service', () => {
  it('is unset by default and comes from --membership-nwc or TIDE_MEMBERSHIP_NWC', () => {
    expect(parseConfig([], {}).membershipNwc).toBeUndefined();
    expect(parseConfig([], { TIDE_MEMBERSHIP_NWC: uri }).membershipNwc).toBe(uri);
    expect(parseConfig(['--membership-nwc', uri], {}).membershipNwc).toBe(uri);
  });

  it('refuses a value that is not a NWC connection string', () => {
    expect(() => parseConfig(['--membership-nwc', 'https://wallet.example'], {})).toThrow(ConfigError);
  });
});

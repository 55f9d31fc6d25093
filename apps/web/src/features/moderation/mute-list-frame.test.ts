import { describe, expect, it } from 'vitest';
import { mutedPubkeys } from './mute-list-frame.tsx';

describe('mutedPubkeys', () => {
  it('lists the p tags of the kind-10000 list once each, in order, skipping malformed keys and other events', () => {
    const a = 'a'.repeat(64);
    const b = 'b'.repeat(64);
    expect(
      mutedPubkeys([
        { kind: 0, tags: [['p', 'c'.repeat(64)]] },
        {
          kind: 10000,
          tags: [
            ['p', b],
            ['t', 'x'],
            ['p', 'bad'],
            ['p', a],
            ['p', b],
          ],
        },
      ]),
    ).toEqual([b, a]);
    expect(mutedPubkeys([])).toEqual([]);
  });
});

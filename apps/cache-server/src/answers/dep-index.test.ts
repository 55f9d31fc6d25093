import { describe, expect, it } from 'vitest';
import { DependencyIndex, type Tracked } from './dep-index.ts';

const entry = (): Tracked => ({ touched: false });

describe('DependencyIndex', () => {
  it('marks only the entries a change names, and lets them go', () => {
    const index = new DependencyIndex<Tracked>();
    const a = entry();
    const b = entry();
    index.track(a, ['e:1', 'p:x'], 0);
    index.track(b, ['e:2'], 0);
    index.change(new Set(['p:x', 'e:9']), 1);
    expect(a.touched).toBe(true);
    expect(b.touched).toBe(false);
    expect(index.size).toBe(1);
    index.untrack(b);
    expect(index.size).toBe(0);
    index.change(new Set(['e:2']), 2);
    expect(b.touched).toBe(false);
  });

  it('checks an entry against the changes logged after its computation started', () => {
    const index = new DependencyIndex<Tracked>();
    index.change(new Set(['e:1']), 5);
    index.change(new Set(['e:2']), 6);
    const before = entry();
    index.track(before, ['e:1'], 4);
    expect(before.touched).toBe(true);
    const after = entry();
    index.track(after, ['e:1'], 5);
    expect(after.touched).toBe(false);
    index.change(null, 7);
    expect(after.touched).toBe(true);
    const late = entry();
    index.track(late, ['e:3'], 6);
    expect(late.touched).toBe(true);
  });

  it('an entry older than what the log still holds counts as touched', () => {
    const index = new DependencyIndex<Tracked>();
    for (let seq = 1; seq <= 5000; seq++) index.change(new Set([`e:${seq}`]), seq);
    const old = entry();
    index.track(old, ['e:none'], 10);
    expect(old.touched).toBe(true);
    const recent = entry();
    index.track(recent, ['e:none'], 4990);
    expect(recent.touched).toBe(false);
  });
});

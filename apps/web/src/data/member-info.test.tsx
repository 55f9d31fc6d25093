import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memberInfoOf, rememberMember, rememberMemberInfo, useMemberInfo } from './member-info.ts';

const A = 'a'.repeat(64);
const L = 'c'.repeat(64);

afterEach(() => {
  vi.useRealTimers();
  rememberMember(A, null);
  rememberMember(L, null);
});

function Tier({ pubkey }: { pubkey: string }) {
  return <output data-testid="tier">{useMemberInfo(pubkey)?.tier ?? 'none'}</output>;
}

describe('member info', () => {
  it('stops showing a premium membership once it ends, re-rendering at the end; a legend has no end', () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T12:00:00Z') });
    const now = Math.floor(Date.now() / 1000);
    rememberMemberInfo({
      memberCohortInfo: {
        [A]: { cohort_1: 'Premium', cohort_2: 'Premium', tier: 'premium', expires_on: now + 60 },
        [L]: { cohort_1: 'Legend', cohort_2: 'Legend', tier: 'premium-legend', expires_on: 0 },
      },
      legendCustomization: {},
    });
    render(<Tier pubkey={A} />);
    expect(screen.getByTestId('tier').textContent).toBe('premium');
    expect(memberInfoOf(A)?.expiresOn).toBe(now + 60);
    act(() => {
      vi.advanceTimersByTime(61_000);
    });
    expect(screen.getByTestId('tier').textContent).toBe('none');
    expect(memberInfoOf(A)).toBeUndefined();
    expect(memberInfoOf(L)?.tier).toBe('premium-legend');
  });

  it('a renewal in a later answer shows the badge again', () => {
    const now = Math.floor(Date.now() / 1000);
    const cohort = (expires_on: number) => ({
      memberCohortInfo: { [A]: { cohort_1: 'Premium', cohort_2: 'Premium', tier: 'premium', expires_on } },
      legendCustomization: {},
    });
    rememberMemberInfo(cohort(now - 10));
    expect(memberInfoOf(A)).toBeUndefined();
    rememberMemberInfo(cohort(now + 3600));
    expect(memberInfoOf(A)?.tier).toBe('premium');
  });
});

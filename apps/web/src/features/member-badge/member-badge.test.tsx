import { act, screen } from '@testing-library/react';
import type { User } from '@tide/core/model';
import { describe, expect, it } from 'vitest';
import { rememberMember, rememberMemberInfo } from '../../data/member-info.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { AuthorAvatar, UserName } from '../note/note-author.tsx';

const user = (pubkey: string): User => ({ pubkey, npub: `npub1${pubkey}`, name: `user ${pubkey}` }) as unknown as User;

describe('member badges and legend glow on note author rows', () => {
  it('shows nothing for a regular user, a badge for premium, the legend style colour and glow from an answer', () => {
    const { container } = renderWithApp(
      <>
        <AuthorAvatar user={user('aa')} />
        <UserName user={user('aa')} />
        <UserName user={user('bb')} />
      </>,
    );
    expect(screen.queryAllByTestId('member-badge')).toHaveLength(0);
    act(() => rememberMember('bb', { tier: 'premium' }));
    expect(screen.getByTestId('member-badge').getAttribute('data-tier')).toBe('premium');
    expect(container.querySelector('[data-glow]')).toBeNull();
    act(() =>
      rememberMemberInfo({
        memberCohortInfo: { aa: { cohort_1: 'Legend', cohort_2: '', tier: 'premium-legend', expires_on: 0 } },
        legendCustomization: {
          aa: { style: 'AQUA', custom_badge: true, avatar_glow: true, in_leaderboard: true },
        },
      }),
    );
    const badges = screen.getAllByTestId('member-badge');
    expect(badges.map((b) => b.getAttribute('data-tier'))).toEqual(['premium-legend', 'premium']);
    expect(badges[0]?.getAttribute('style')).toContain('--legend-aqua');
    expect(container.querySelector('[data-glow]')?.getAttribute('data-glow')).toBe('AQUA');
    expect(screen.getAllByText('Legend').length).toBe(1);
  });
});

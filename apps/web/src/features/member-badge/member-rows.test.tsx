import { act, screen, within } from '@testing-library/react';
import { emptyPage, emptyUser, type Page, type Zap } from '@tide/core/model';
import { afterEach, describe, expect, it } from 'vitest';
import { rememberMember, rememberMemberInfo } from '../../data/member-info.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { ZapRow } from '../explore/zap-row.tsx';
import type { NotificationGroup } from '../notifications/notification-groups.ts';
import { NotificationRow } from '../notifications/notification-row.tsx';
import { RecentProfiles } from '../profile/profile-sidebar.tsx';
import { UserRow } from '../search/user-row.tsx';

// Badges and the legend glow on rows that show users (people lists, notifications, zaps, recent profiles), from
// the membership facts data/member-info holds: a remembered member lights up, others stay plain.

const MEMBER = '1'.repeat(64);
const LEGEND = '2'.repeat(64);
const OTHER = '3'.repeat(64);

function pageWith(...pubkeys: string[]): Page {
  const page = emptyPage();
  for (const pk of pubkeys) page.users[pk] = { ...emptyUser(pk), name: `user-${pk.slice(0, 1)}` };
  return page;
}

afterEach(() => {
  for (const pk of [MEMBER, LEGEND, OTHER]) rememberMember(pk, null);
});

const badgeIn = (el: HTMLElement) => el.querySelector('[data-testid="member-badge"]');

describe('member badges on user rows', () => {
  it('people rows (search, explore people, mute list): badge for a member only, lit once the facts arrive', () => {
    const page = pageWith(MEMBER, OTHER);
    renderWithApp(
      <ul>
        <UserRow pubkey={MEMBER} page={page} follow={false} />
        <UserRow pubkey={OTHER} page={page} follow={false} />
      </ul>,
    );
    const [member, other] = screen.getAllByTestId('user-row');
    if (!member || !other) throw new Error('rows missing');
    expect(badgeIn(member)).toBeNull();
    act(() => rememberMember(MEMBER, { tier: 'premium' }));
    expect(badgeIn(member)?.getAttribute('data-tier')).toBe('premium');
    expect(badgeIn(other)).toBeNull();
  });

  it('a legend with the glow on gets it on every avatar given their pubkey, in their style colour', () => {
    act(() =>
      rememberMemberInfo({
        memberCohortInfo: {
          [LEGEND]: { cohort_1: 'Legend', cohort_2: 'Legend', tier: 'premium-legend', expires_on: 0 },
        },
        legendCustomization: {
          [LEGEND]: { style: 'PURPLE', custom_badge: true, avatar_glow: true, in_leaderboard: true },
        },
      }),
    );
    const { container } = renderWithApp(
      <>
        <Avatar src={null} pubkey={LEGEND} />
        <Avatar src={null} pubkey={OTHER} />
        <Avatar src={null} />
      </>,
    );
    const glowing = container.querySelectorAll('[data-glow]');
    expect(glowing).toHaveLength(1);
    expect(glowing[0]?.getAttribute('data-glow')).toBe('PURPLE');
    expect(glowing[0]?.getAttribute('style')).toContain('--legend-purple');
  });

  it('notification rows badge the first actor and glow their avatars; zap rows badge the sender', () => {
    rememberMember(MEMBER, { tier: 'premium' });
    rememberMember(LEGEND, { tier: 'premium-legend', style: 'GOLD', avatarGlow: true });
    const page = pageWith(MEMBER, LEGEND, OTHER);
    const group: NotificationGroup = {
      key: 'k',
      type: 1,
      actors: [MEMBER, LEGEND],
      created_at: 1_700_000_000,
      sats: 0,
      reactions: [],
      items: [],
    };
    const zap = (sender: string): Zap =>
      ({
        id: sender,
        message: '',
        amount: 21,
        sender,
        receiver: OTHER,
        created_at: 1,
        zappedId: 'x',
        zappedKind: 1,
      }) as Zap;
    renderWithApp(
      <ul>
        <NotificationRow group={group} page={page} unseen={false} />
        <ZapRow zap={zap(LEGEND)} page={page} />
        <ZapRow zap={zap(OTHER)} page={page} />
      </ul>,
    );
    const row = screen.getByTestId('notification');
    expect(badgeIn(row)?.getAttribute('data-tier')).toBe('premium');
    expect(row.querySelectorAll('[data-glow="GOLD"]')).toHaveLength(1);
    const [legendZap, otherZap] = screen.getAllByTestId('zap-row');
    if (!legendZap || !otherZap) throw new Error('zap rows missing');
    expect(badgeIn(legendZap)?.getAttribute('data-tier')).toBe('premium-legend');
    expect(within(legendZap).getByText('Legend')).toBeTruthy();
    expect(badgeIn(otherZap)).toBeNull();
  });

  it('recently viewed profiles badge members', () => {
    rememberMember(MEMBER, { tier: 'premium' });
    renderWithApp(
      <RecentProfiles
        entries={[
          { pubkey: MEMBER, name: 'member', picture: '' },
          { pubkey: OTHER, name: 'other', picture: '' },
        ]}
      />,
    );
    const list = screen.getByTestId('recent-profiles');
    expect(list.querySelectorAll('[data-testid="member-badge"]')).toHaveLength(1);
  });
});

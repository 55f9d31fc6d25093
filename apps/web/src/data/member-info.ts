import type { Page } from '@tide/core/model';
import { useSyncExternalStore } from 'react';

/** What the app knows about a user's membership: tier plus the legend's chosen style, badge and glow. */
export interface MemberInfo {
  tier: 'premium' | 'premium-legend';
  style?: string;
  customBadge?: boolean;
  avatarGlow?: boolean;
  /** Unix seconds a premium membership ends (absent or 0: no end known, as for legends). */
  expiresOn?: number;
}

const known = new Map<string, MemberInfo>();
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** setTimeout's longest delay: an end further away is looked at again on a later answer or render. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A membership that has ended (its premium end passed) no longer shows; a timer re-renders badges when it ends. */
function activeInfo(info: MemberInfo | undefined, now = Date.now()): MemberInfo | undefined {
  return info?.expiresOn && info.expiresOn * 1000 <= now ? undefined : info;
}

function watchEnd(info: MemberInfo): void {
  if (!info.expiresOn) return;
  const wait = info.expiresOn * 1000 - Date.now();
  if (wait > 0 && wait <= MAX_TIMER_MS) setTimeout(notify, wait + 1);
}

function same(a: MemberInfo | undefined, b: MemberInfo): boolean {
  return (
    !!a &&
    a.tier === b.tier &&
    a.style === b.style &&
    a.customBadge === b.customBadge &&
    a.avatarGlow === b.avatarGlow &&
    a.expiresOn === b.expiresOn
  );
}

/** Records one user's membership (e.g. the viewer's own status); no change, no re-render. */
export function rememberMember(pubkey: string, info: MemberInfo | null): void {
  if (!info) {
    if (known.delete(pubkey)) notify();
    return;
  }
  if (same(known.get(pubkey), info)) return;
  known.set(pubkey, info);
  watchEnd(info);
  notify();
}

/**
 * Keeps the membership facts an answer carried (cohort info 10000169 and legend customization 10000168, already
 * parsed into the page), so badges and glows need no request of their own.
 */
export function rememberMemberInfo(page: Pick<Page, 'memberCohortInfo' | 'legendCustomization'>): void {
  let changed = false;
  for (const [pubkey, cohort] of Object.entries(page.memberCohortInfo)) {
    const legend = page.legendCustomization[pubkey];
    const tier =
      cohort.tier === 'premium-legend' || legend ? 'premium-legend' : cohort.tier === 'premium' ? 'premium' : null;
    if (!tier) continue;
    const info: MemberInfo = {
      tier,
      ...(legend ? { style: legend.style, customBadge: legend.custom_badge, avatarGlow: legend.avatar_glow } : {}),
      ...(tier === 'premium' && cohort.expires_on > 0 ? { expiresOn: cohort.expires_on } : {}),
    };
    if (same(known.get(pubkey), info)) continue;
    known.set(pubkey, info);
    watchEnd(info);
    changed = true;
  }
  for (const [pubkey, legend] of Object.entries(page.legendCustomization)) {
    if (page.memberCohortInfo[pubkey]) continue;
    const info: MemberInfo = {
      tier: 'premium-legend',
      style: legend.style,
      customBadge: legend.custom_badge,
      avatarGlow: legend.avatar_glow,
    };
    if (same(known.get(pubkey), info)) continue;
    known.set(pubkey, info);
    changed = true;
  }
  if (changed) notify();
}

/** The avatar glow style of a legend who turned the glow on (GOLD when they chose no style); undefined otherwise. */
export function legendGlowOf(info: MemberInfo | undefined): string | undefined {
  return info?.tier === 'premium-legend' && info.avatarGlow ? info.style || 'GOLD' : undefined;
}

/** The membership the app has seen for `pubkey` (undefined when none, or when its premium has ended). */
export function memberInfoOf(pubkey: string): MemberInfo | undefined {
  return activeInfo(known.get(pubkey));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** React hook: the user's membership as far as answers told, updated when a later answer tells more. */
export function useMemberInfo(pubkey: string | undefined): MemberInfo | undefined {
  return useSyncExternalStore(
    subscribe,
    () => (pubkey ? activeInfo(known.get(pubkey)) : undefined),
    () => undefined,
  );
}

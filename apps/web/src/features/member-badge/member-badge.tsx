import type { CSSProperties } from 'react';
import { legendGlowOf, type MemberInfo, useMemberInfo } from '../../data/member-info.ts';
import { useT } from '../../i18n/intl.tsx';
import { CrownIcon } from '../../ui/icons-more.tsx';
import styles from './member-badge.module.css';

/** The colour of a member's badge: the legend's style when they chose a custom badge, else the premium colour. */
export function badgeColour(info: MemberInfo): string {
  if (info.tier === 'premium-legend' && info.customBadge && info.style)
    return `var(--legend-${info.style.toLowerCase()}, var(--legend-gold))`;
  return info.tier === 'premium-legend' ? 'var(--legend-gold)' : 'var(--premium-badge)';
}

/** The premium or legend badge beside a user's name (nothing for others); facts come from answers already loaded. */
export function MemberBadge({ pubkey }: { pubkey: string }) {
  const t = useT();
  const info = useMemberInfo(pubkey);
  if (!info) return null;
  const label = info.tier === 'premium-legend' ? t('premium.tierLegend') : t('premium.tierPremium');
  return (
    <span
      className={styles.badge}
      style={{ '--badge-colour': badgeColour(info) } as CSSProperties}
      title={label}
      data-testid="member-badge"
      data-tier={info.tier}
      data-style={info.style}
    >
      <CrownIcon size={13} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** The avatar glow style of a legend who turned it on (undefined otherwise). */
export function useAvatarGlow(pubkey: string): string | undefined {
  return legendGlowOf(useMemberInfo(pubkey));
}

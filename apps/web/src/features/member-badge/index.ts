/** Member badges and the legend avatar glow, shown wherever a user is shown. */
export { badgeColour, MemberBadge, useAvatarGlow } from './member-badge.tsx';

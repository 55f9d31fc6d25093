export { DmBadge } from './dm-badge.tsx';
export { dmCountStore, useDmCountLive } from './dm-count.ts';
export { DmRelaySettings } from './dm-relay-settings.tsx';

/** Query key of the viewer's followed pubkeys. */
export const CONTACTS_KEY = (viewer: string | null) => ['contacts', viewer] as const;
/** Query key of the viewer's mute lists (own and subscribed; shared with features/moderation's useModeration). */
export const MUTE_LISTS_KEY = (viewer: string | null) => ['mute-lists', viewer] as const;
/** Query key of the viewer's filter lists (30000 `d=mutelists`). */
export const FILTER_LISTS_KEY = (viewer: string | null) => ['filter-lists', viewer] as const;
/** Query key of the viewer's allow list (30000 `d=allowlist`). */
export const ALLOW_LIST_KEY = (viewer: string | null) => ['allow-list', viewer] as const;

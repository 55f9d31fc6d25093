// People actions (issue 14): follow / unfollow (with the follow warning), mute / unmute, mute lists, allow list.
export type { FollowOp, FollowOutcome } from './follow-actions.ts';
export { FollowAllButton, FollowButton, FollowMuteListButton } from './follow-button.tsx';
export { followWarning, type PendingFollow } from './follow-warning-store.ts';
export type { ListOutcome } from './list-actions.ts';
export { ListsEditor } from './lists-editor.tsx';
export { MuteEditor } from './mute-editor.tsx';
export { ALLOW_LIST_KEY, CONTACTS_KEY, FILTER_LISTS_KEY, MUTE_LISTS_KEY } from './people-keys.ts';
export { allow, follow, followMuteList, mute } from './run-people.ts';
export { useAllowList, useFilterLists, useFollowing, useOwnMutes } from './use-people-lists.ts';

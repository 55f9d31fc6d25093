// Premium and Legend (issue 17): the membership pages, the leaderboards and the author-subscription dialog. Route
// modules import these lazily (`import()`), so none of it is in the first screen's bundle.

export { AuthorSubscribe } from './author-subscribe.tsx';
export { LEADERBOARD_SORTS, LeaderboardFrame } from './leaderboard-frame.tsx';
export { type MemberStatus, type MembershipApi, membershipApi } from './membership-client.ts';
export { PremiumFrame } from './premium-frame.tsx';
export { LEGEND_MIN_USD, PREMIUM_STEPS } from './premium-steps.ts';

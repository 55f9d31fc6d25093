import { LeaderboardFrame } from '../features/premium/index.ts';

/** `/premiums`: the premium users leaderboard. */
export function Page() {
  return <LeaderboardFrame kind="premium" />;
}

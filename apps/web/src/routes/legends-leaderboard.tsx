import { LeaderboardFrame } from '../features/premium/index.ts';

/** `/legends`: the legends leaderboard. */
export function Page() {
  return <LeaderboardFrame kind="legends" />;
}

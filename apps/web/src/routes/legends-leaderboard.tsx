import { LeaderboardFrame } from '../features/premium/leaderboard-frame.tsx';

/** `/legends`: the legends leaderboard. */
export function Page() {
  return <LeaderboardFrame kind="legends" />;
}

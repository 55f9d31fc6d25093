import { LeaderboardFrame } from '../features/premium/leaderboard-frame.tsx';

/** `/premiums`: the premium users leaderboard. */
export function Page() {
  return <LeaderboardFrame kind="premium" />;
}

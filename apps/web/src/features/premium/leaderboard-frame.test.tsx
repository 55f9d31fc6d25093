import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestAppData } from '../../data/test-app-data.ts';
import { startTestServer, type TestServer } from '../../data/test-server.test-helper.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { LeaderboardFrame } from './leaderboard-frame.tsx';

let test: TestServer;

beforeAll(async () => {
  test = await startTestServer();
}, 60_000);

afterAll(async () => {
  await test?.close();
});

describe('leaderboards (/premiums, /legends)', () => {
  it.each(['premium', 'legends'] as const)(
    '%s: asks the caching service and says why nothing is shown',
    async (kind) => {
      const data = createTestAppData(test.server.url, WebSocket);
      renderWithApp(<LeaderboardFrame kind={kind} />, kind === 'premium' ? '/premiums' : '/legends', data);
      // Tide's caching service has no membership: it answers the command with a NOTICE, which the screen says.
      expect((await screen.findByTestId('leaderboard-unavailable', {}, { timeout: 10_000 })).textContent).toMatch(
        /does not keep a leaderboard/,
      );
      expect(screen.queryByTestId('skeleton-list')).toBeNull();
      data.dispose();
    },
  );
});

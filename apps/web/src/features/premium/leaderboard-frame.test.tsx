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
    '%s: asks the caching service and says nobody is on it yet',
    async (kind) => {
      const data = createTestAppData(test.server.url, WebSocket);
      renderWithApp(<LeaderboardFrame kind={kind} />, kind === 'premium' ? '/premiums' : '/legends', data);
      // A fresh caching service has no members yet: the answer is an empty leaderboard.
      expect(await screen.findByText('Nobody on this leaderboard yet', {}, { timeout: 10_000 })).toBeTruthy();
      expect(screen.queryByTestId('skeleton-list')).toBeNull();
      data.dispose();
    },
    20_000,
  );
});

import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppData } from '../../data/app-data.ts';
import { createTestAppData } from '../../data/test-app-data.ts';
import { startTestServer, type TestServer } from '../../data/test-server.test-helper.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { DownloadsFrame } from './layout-pages.tsx';

let test: TestServer;
let data: AppData;

beforeAll(async () => {
  test = await startTestServer();
  data = createTestAppData(test.server.url, WebSocket);
}, 60_000);

afterAll(async () => {
  data?.dispose();
  await test?.close();
});

describe('DownloadsFrame', () => {
  it("lists the mobile releases the caching service answers (get_app_releases), never 'no apps'", async () => {
    renderWithApp(<DownloadsFrame />, '/downloads', data);
    const list = await screen.findByRole('list', { name: 'Mobile apps' }, { timeout: 10_000 });
    expect(list.textContent).toMatch(/iOS\s*Version \d+\.\d+/);
    expect(list.textContent).toMatch(/Android\s*Version \d+\.\d+/);
    expect(screen.queryByText(/has no app-store apps/)).toBeNull();
  });
});

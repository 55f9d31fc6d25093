import { screen } from '@testing-library/react';
import { noteEncode } from '@tide/core/nostr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestAppData } from '../../data/test-app-data.ts';
import { startTestServer, type TestServer } from '../../data/test-server.test-helper.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { NoteContent } from './note-content.tsx';

let test: TestServer;

beforeAll(async () => {
  test = await startTestServer();
}, 60_000);

afterAll(async () => {
  await test?.close();
});

describe('quoted notes missing from the page', () => {
  it('are fetched by id from the caching service and shown embedded', async () => {
    const [quoted] = await test.addNotes([Math.floor(Date.now() / 1000) - 60], () => 'words worth quoting');
    if (!quoted) throw new Error('no note stored');
    const data = createTestAppData(test.server.url, WebSocket);
    renderWithApp(<NoteContent content={`look nostr:${noteEncode(quoted.id)}`} />, '/', data);
    expect(screen.getByRole('link', { name: 'Quoted note' })).toBeTruthy();
    const embedded = await screen.findByTestId('embedded-note', {}, { timeout: 10_000 });
    expect(embedded.textContent).toContain('words worth quoting');
    data.dispose();
  }, 60_000);
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { AppData } from '../../data/app-data.ts';
import { createTestAppData } from '../../data/test-app-data.ts';
import { startTestServer, type TestServer } from '../../data/test-server.test-helper.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { signed, testAuthor } from '../thread/test-network.test-helper.ts';
import { articleTemplate, emptyArticleFields } from './article-events.ts';
import { EditorForm } from './editor-form.tsx';

// The publisher is replaced here (unit test): what the form hands it is checked; relays are covered by the e2e.
const publishEvent = vi.hoisted(() =>
  vi.fn(async (template: { kind: number; content: string; tags: string[][] }) => ({
    success: true,
    outcome: 'success' as const,
    reasons: [],
    event: { ...template, id: 'e'.repeat(64), pubkey: 'a'.repeat(64), sig: 'f'.repeat(128), created_at: 1 },
  })),
);
vi.mock('../publish/index.ts', () => ({ publishEvent }));
vi.mock('../upload/index.ts', () => ({
  uploadFile: async (_file: File, options: { onProgress?: (f: number) => void }) => {
    options.onProgress?.(1);
    return { url: 'https://media.example/pic.png', sha256: 'x', size: 3, mime: 'image/png' };
  },
  uploadErrorMessage: () => 'failed',
}));
vi.mock('../account/require-sign-in.ts', () => ({ requestKey: () => true, useRequireSignIn: () => () => true }));

// A real caching service answers whether a title's address is taken: the author already published 'Taken Title'.
const author = testAuthor();
const AUTHOR = author.pubkey;
let test: TestServer;
let data: AppData;

beforeAll(async () => {
  test = await startTestServer();
  const taken = articleTemplate({ ...emptyArticleFields(), title: 'Taken Title', content: 'old' }, 1_700_000_000);
  await test.addEvents([signed(author, taken.kind, taken.content, taken.tags, 1_700_000_000)]);
  data = createTestAppData(test.server.url, WebSocket);
}, 60_000);

afterAll(async () => {
  data?.dispose();
  await test?.close();
});

function renderForm(fields = emptyArticleFields()) {
  return renderWithApp(
    <EditorForm start={{ fields, draftId: 'draft-test', draftSaved: false }} pubkey={AUTHOR} onDraftSaved={() => {}} />,
    '/reads/edit',
    data,
  );
}

beforeEach(() => {
  publishEvent.mockClear();
  localStorage.clear();
});

describe('EditorForm', () => {
  it('asks for a title before publishing and sends nothing', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Give your article a title before publishing')).toBeTruthy();
    expect(publishEvent).not.toHaveBeenCalled();
  });

  it('publishes a kind 30023 with d from the title, the topics and the markdown typed', async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Hello Tide World' } });
    fireEvent.change(screen.getByLabelText('Topics'), { target: { value: 'Nostr, #writing' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Markdown' }));
    fireEvent.change(screen.getByLabelText('Article text (Markdown)'), { target: { value: '## Hi\n\nText' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(publishEvent).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    const [template] = publishEvent.mock.calls[0]!;
    expect(template.kind).toBe(30023);
    expect(template.content).toBe('## Hi\n\nText');
    expect(template.tags).toEqual(
      expect.arrayContaining([
        ['d', 'hello-tide-world'],
        ['title', 'Hello Tide World'],
        ['t', 'nostr'],
        ['t', 'writing'],
      ]),
    );
  });

  it('keeps every change in this browser at once (before any relay save)', () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Half a wo' } });
    const saved = JSON.parse(localStorage.getItem(`articleDraft:${AUTHOR}:draft-test`) ?? 'null');
    expect(saved?.fields.title).toBe('Half a wo');
    expect(localStorage.getItem(`articleDraftNew:${AUTHOR}`)).toBe('draft-test');
  });

  it('shows the body in the rich editor and the preview renders it as the article page does', async () => {
    renderForm({ ...emptyArticleFields(), title: 'T', content: 'Some **bold** words' });
    expect(screen.getByTestId('article-body-editor').querySelector('strong')?.textContent).toBe('bold');
    fireEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    const preview = await screen.findByTestId('article-preview');
    expect(preview.querySelector('[data-testid="article-body"] strong')?.textContent).toBe('bold');
  });

  it('uploads a picture into the text at the caret; the markdown carries it', async () => {
    renderForm({ ...emptyArticleFields(), title: 'T', content: 'Before' });
    const file = new File([new Uint8Array([1, 2, 3])], 'pic.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('body-image-file'), { target: { files: [file] } });
    await waitFor(() =>
      expect(screen.getByTestId('article-body-editor').querySelector('img')?.getAttribute('src')).toBe(
        'https://media.example/pic.png',
      ),
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Markdown' }));
    expect((screen.getByLabelText('Article text (Markdown)') as HTMLTextAreaElement).value).toContain(
      '![](https://media.example/pic.png)',
    );
  });

  it('asks before a new article replaces a published one with the same title (same d)', async () => {
    renderForm({ ...emptyArticleFields(), title: 'Taken Title', content: 'new text' });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace your published article?' }, { timeout: 10_000 });
    expect(publishEvent).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replace it' }));
    await waitFor(() => expect(publishEvent).toHaveBeenCalledTimes(1));
    expect(publishEvent.mock.calls[0]![0].tags).toContainEqual(['d', 'taken-title']);
  });
});

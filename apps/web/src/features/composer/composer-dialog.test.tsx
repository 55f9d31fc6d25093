import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stores } from '../../state/stores.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { ComposerDialog } from './composer-dialog.tsx';
import { closeComposer, composerStore, openComposer } from './composer-store.ts';
import { draftStorageKey, ROOT_DRAFT_KEY, readDraft, saveDraft } from './drafts.ts';
import { testNote } from './test-notes.ts';

// The one publisher is replaced: these tests decide whether a relay confirmed the note.
const publishEvent = vi.fn();
vi.mock('../publish/index.ts', () => ({ publishEvent: (...args: unknown[]) => publishEvent(...args) }));

// Uploads resolve at once with a made-up stored file (the upload module has its own tests; e2e uses the real store).
vi.mock('../upload/upload-file.ts', () => ({
  uploadFile: async (file: File) => ({
    url: `http://media.example/${file.name}`,
    sha256: 'f'.repeat(64),
    size: file.size,
    mime: file.type,
    dim: '2x2',
  }),
}));

const ME = 'e'.repeat(64);

function renderDialog() {
  return renderWithApp(<ComposerDialog />);
}

function textbox() {
  return screen.getByRole('combobox', { name: 'Note text' }) as HTMLTextAreaElement;
}

function type(text: string) {
  const area = textbox();
  fireEvent.change(area, { target: { value: text, selectionStart: text.length } });
}

beforeEach(() => {
  publishEvent.mockReset();
  stores.session.getState().setAccount({ publicKey: ME, method: 'nsec', canSign: true });
  openComposer();
});

afterEach(() => {
  closeComposer();
  stores.toasts.setState({ toasts: [] });
});

describe('ComposerDialog', () => {
  it('opens focused on its labelled text; the draft is saved as the user types and read back after a reload', () => {
    const first = renderDialog();
    expect(screen.getByRole('dialog', { name: 'New note' })).toBeTruthy();
    expect(document.activeElement).toBe(textbox());
    type('half a wor');
    expect(readDraft(ME, ROOT_DRAFT_KEY)?.text).toBe('half a wor');
    first.unmount();
    renderDialog();
    expect(textbox().value).toBe('half a wor');
  });

  it('cancelling with text asks Save / Discard / Continue Editing', async () => {
    renderDialog();
    type('keep me');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Save this note as a draft?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Continue Editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save this note as a draft?' })).toBeNull());
    expect(textbox().value).toBe('keep me');
    expect(composerStore.getState().open).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Save this note as a draft?' })).getByRole('button', {
        name: 'Save',
      }),
    );
    expect(composerStore.getState().open).toBe(false);
    expect(readDraft(ME, ROOT_DRAFT_KEY)?.text).toBe('keep me');
  });

  it('Discard forgets the draft; cancelling an empty composer closes at once', async () => {
    const view = renderDialog();
    type('throw away');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Save this note as a draft?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    expect(composerStore.getState().open).toBe(false);
    expect(readDraft(ME, ROOT_DRAFT_KEY)).toBeNull();
    view.unmount();

    openComposer();
    renderDialog();
    expect(textbox().value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(composerStore.getState().open).toBe(false);
  });

  it('a failed publish keeps the text and the draft; success closes and clears', async () => {
    publishEvent.mockResolvedValueOnce({ success: false, outcome: 'timeout', reasons: [], event: {} });
    renderDialog();
    type('hello #Tide');
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(publishEvent).toHaveBeenCalledTimes(1));
    expect(publishEvent.mock.calls[0][0]).toEqual({ kind: 1, content: 'hello #Tide', tags: [['t', 'tide']] });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Post' })).toBeTruthy());
    expect(textbox().value).toBe('hello #Tide');
    expect(screen.getByRole('alert').textContent).toBe('No relay confirmed reception of your note after 8 seconds');
    expect(composerStore.getState().open).toBe(true);
    expect(readDraft(ME, ROOT_DRAFT_KEY)?.text).toBe('hello #Tide');

    publishEvent.mockResolvedValueOnce({ success: true, outcome: 'success', reasons: [], event: { id: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(composerStore.getState().open).toBe(false));
    expect(readDraft(ME, ROOT_DRAFT_KEY)).toBeNull();
    expect(localStorage.getItem(draftStorageKey(ME))).toBe('{}');
  });

  it('a reply is titled, keeps its own draft and sends NIP-10 tags', async () => {
    const parent = testNote('1'.repeat(64), 'a'.repeat(64), [], ['wss://r.example/']);
    act(() => openComposer({ replyTo: parent }));
    publishEvent.mockResolvedValueOnce({ success: true, outcome: 'success', reasons: [], event: {} });
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Reply' })).toBeTruthy();
    expect(screen.getByText('Replying to User aaaa')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Write your reply' }), { target: { value: 'yes' } });
    expect(readDraft(ME, parent.id)?.text).toBe('yes');
    expect(readDraft(ME, ROOT_DRAFT_KEY)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(publishEvent).toHaveBeenCalled());
    expect(publishEvent.mock.calls[0][0].tags).toEqual([
      ['e', parent.id, 'wss://r.example/', 'root', parent.pubkey],
      ['p', parent.pubkey],
    ]);
  });

  it('refuses files that are not images or videos, and files over 100 MB, with the spec messages', () => {
    renderDialog();
    const input = screen.getByTestId('composer-file-input');
    const pdf = new File(['%PDF'], 'paper.pdf', { type: 'application/pdf' });
    const big = new File(['x'], 'huge.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: 100 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [pdf, big] } });
    expect(stores.toasts.getState().toasts.map((t) => t.message)).toEqual([
      'You can only upload images and videos. This file type is not supported.',
      'File too big. Upload limit is 100MB.',
    ]);
    expect(screen.queryAllByTestId('upload-item')).toHaveLength(0);
  });

  it('pasted and dropped pictures are uploaded and posted with their URLs and imeta tags', async () => {
    publishEvent.mockResolvedValueOnce({ success: true, outcome: 'success', reasons: [], event: {} });
    renderDialog();
    const pasted = new File(['p'], 'pasted.png', { type: 'image/png' });
    const dropped = new File(['d'], 'dropped.webp', { type: 'image/webp' });
    fireEvent.paste(textbox(), { clipboardData: { files: [pasted], types: ['Files'] } });
    fireEvent.drop(screen.getByTestId('composer'), { dataTransfer: { files: [dropped], types: ['Files'] } });
    await waitFor(() =>
      expect(screen.getAllByTestId('upload-item').map((item) => item.getAttribute('data-status'))).toEqual([
        'done',
        'done',
      ]),
    );
    type('two pictures');
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(publishEvent).toHaveBeenCalled());
    const sent = publishEvent.mock.calls[0][0];
    expect(sent.content).toBe('two pictures\n\nhttp://media.example/pasted.png\n\nhttp://media.example/dropped.webp');
    expect(sent.tags.filter((t: string[]) => t[0] === 'imeta').map((t: string[]) => t[1])).toEqual([
      'url http://media.example/pasted.png',
      'url http://media.example/dropped.webp',
    ]);
  });

  it('a draft with files comes back with them and posts them', async () => {
    const file = { url: 'http://media.example/kept.png', sha256: 'a'.repeat(64), size: 9, mime: 'image/png' };
    saveDraft(ME, ROOT_DRAFT_KEY, 'from before', [file]);
    publishEvent.mockResolvedValueOnce({ success: true, outcome: 'success', reasons: [], event: {} });
    renderDialog();
    expect(textbox().value).toBe('from before');
    expect(screen.getAllByTestId('draft-file')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(publishEvent).toHaveBeenCalled());
    expect(publishEvent.mock.calls[0][0].content).toBe('from before\n\nhttp://media.example/kept.png');
    expect(publishEvent.mock.calls[0][0].tags).toContainEqual([
      'imeta',
      'url http://media.example/kept.png',
      'm image/png',
      `x ${'a'.repeat(64)}`,
      'size 9',
    ]);
  });

  it('previews the first link while composing, from /link-preview', async () => {
    const asked: string[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return new Response(
        JSON.stringify({ title: 'A story', description: 'What happened', image: '', mimetype: 'text/html' }),
      );
    }) as typeof fetch;
    try {
      renderDialog();
      type('read this https://news.example/story');
      const preview = await screen.findByTestId('link-preview', {}, { timeout: 3000 });
      expect(preview.textContent).toContain('A story');
      expect(asked).toEqual([`/link-preview?u=${encodeURIComponent('https://news.example/story')}`]);
    } finally {
      globalThis.fetch = original;
    }
  });
});

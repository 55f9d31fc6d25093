import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stores } from '../../state/stores.ts';
import { renderWithApp } from '../../test-utils.tsx';
import type { UploadedFile } from './imeta.ts';
import { UploadError } from './upload-error.ts';
import type { UploadOptions } from './upload-file.ts';
import { UploadList } from './upload-list.tsx';
import { useUploads } from './use-uploads.ts';

interface Pending {
  file: File;
  options: UploadOptions;
  resolve: (file: UploadedFile) => void;
  reject: (error: unknown) => void;
}

const pending: Pending[] = [];

function fakeUpload(file: File, options: UploadOptions): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    pending.push({ file, options, resolve, reject });
    options.signal?.addEventListener('abort', () => reject(new UploadError('aborted')));
  });
}

let add: (files: File[]) => void = () => {};

function Harness() {
  const uploads = useUploads({ upload: fakeUpload });
  add = uploads.add;
  return (
    <>
      <UploadList items={uploads.items} onRemove={uploads.remove} />
      <output data-testid="busy">{String(uploads.busy)}</output>
    </>
  );
}

const image = (name: string) => new File(['x'], name, { type: 'image/png' });
const toasts = () => stores.toasts.getState().toasts.map((t) => t.message);

afterEach(() => {
  pending.length = 0;
  stores.toasts.setState({ toasts: [] });
});

describe('useUploads + UploadList', () => {
  it('shows a progress bar per file while it uploads, then the finished file', async () => {
    renderWithApp(<Harness />);
    act(() => add([image('a.png'), image('b.png')]));
    expect(screen.getAllByRole('progressbar')).toHaveLength(2);
    expect(screen.getByTestId('busy').textContent).toBe('true');
    act(() => pending[0].options.onProgress?.(0.42));
    expect(screen.getByRole('progressbar', { name: 'Uploading a.png' }).getAttribute('value')).toBe('42');
    await act(async () => pending[0].resolve({ url: 'http://h/a.png', sha256: 'a', size: 1, mime: 'image/png' }));
    expect(screen.getAllByRole('progressbar')).toHaveLength(1);
    expect(screen.getAllByTestId('upload-item')[0].getAttribute('data-status')).toBe('done');
    expect(screen.getByRole('button', { name: 'Remove a.png' })).toBeTruthy();
  });

  it("a failed upload says 'Failed to upload file {file}'; cancelling says nothing and removes the file", async () => {
    renderWithApp(<Harness />);
    act(() => add([image('bad.png'), image('gone.png')]));
    await act(async () => pending[0].reject(new UploadError('failed', 'HTTP 500')));
    expect(toasts()).toEqual(['Failed to upload file bad.png']);
    expect(screen.getAllByTestId('upload-item')[0].getAttribute('data-status')).toBe('failed');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel upload of gone.png' })));
    expect(pending[1].options.signal?.aborted).toBe(true);
    expect(screen.getAllByTestId('upload-item')).toHaveLength(1);
    expect(toasts()).toEqual(['Failed to upload file bad.png']);
    expect(screen.getByTestId('busy').textContent).toBe('false');
  });
});

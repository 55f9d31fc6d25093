import { verifyEvent } from '@tide/core/nostr';
import { LocalSigner } from '@tide/core/signers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberMember } from '../../data/member-info.ts';
import { stores } from '../../state/stores.ts';
import { UploadError } from './upload-error.ts';
import { fileSha256, uploadFile } from './upload-file.ts';

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  xhr: FakeXhr;
}

// happy-dom loads no pictures: the pixel size is a browser's job (the e2e test sees it in the imeta tag).
vi.mock('./media-dim.ts', () => ({ mediaDimensions: async () => '3x2' }));

const sent: Sent[] = [];

// A stand-in for the browser's XMLHttpRequest: records the request; the test answers it.
class FakeXhr {
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  #headers: Record<string, string> = {};
  #method = '';
  #url = '';
  open(method: string, url: string) {
    this.#method = method;
    this.#url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.#headers[name] = value;
  }
  getResponseHeader() {
    return null;
  }
  send(body: unknown) {
    sent.push({ method: this.#method, url: this.#url, headers: this.#headers, body, xhr: this });
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const signer = new LocalSigner(new Uint8Array(32).fill(0x11));
const original = globalThis.XMLHttpRequest;

async function waitForRequest(): Promise<Sent> {
  for (let i = 0; i < 100 && sent.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
  const request = sent[0];
  if (!request) throw new Error('no request');
  return request;
}

describe('uploadFile', () => {
  beforeEach(() => {
    sent.length = 0;
    globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  });
  afterEach(() => {
    globalThis.XMLHttpRequest = original;
  });

  it('PUTs the file to /upload with a signed kind-24242 authorization naming its sha256, reporting progress', async () => {
    const file = new File([new Uint8Array([1, 2, 3, 4])], 'pic.png', { type: 'image/png' });
    const progress: number[] = [];
    const done = uploadFile(file, { signer, server: 'http://media.test', onProgress: (p) => progress.push(p) });
    const request = await waitForRequest();
    expect(request.method).toBe('PUT');
    expect(request.url).toBe('http://media.test/upload');
    expect(request.headers['Content-Type']).toBe('image/png');
    const auth = JSON.parse(atob(request.headers.Authorization.replace(/^Nostr /, '')));
    expect(verifyEvent(auth)).toBe(true);
    expect(auth.kind).toBe(24242);
    const sha = await fileSha256(file);
    expect(sha).toBe('9f64a747e1b97f131fabb6b447296c9b6f0201e79fb3c5356e6c77e89b6a806a');
    expect(auth.tags).toContainEqual(['t', 'upload']);
    expect(auth.tags).toContainEqual(['x', sha]);
    expect(Number(auth.tags.find((t: string[]) => t[0] === 'expiration')[1])).toBeGreaterThan(Date.now() / 1000);
    request.xhr.upload.onprogress?.({ lengthComputable: true, loaded: 2, total: 4 });
    request.xhr.answer(200, { url: `http://media.test/${sha}.png`, sha256: sha, size: 4, type: 'image/png' });
    await expect(done).resolves.toEqual({
      url: `http://media.test/${sha}.png`,
      sha256: sha,
      size: 4,
      mime: 'image/png',
      dim: '3x2',
    });
    expect(progress).toEqual([0, 0.5, 1]);
  });

  it('refuses other file types and files over the limit before sending anything', async () => {
    const pdf = new File(['x'], 'a.pdf', { type: 'application/pdf' });
    await expect(uploadFile(pdf, { signer })).rejects.toMatchObject({ code: 'type' });
    const big = new File(['x'], 'big.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: 100 * 1024 * 1024 + 1 });
    await expect(uploadFile(big, { signer })).rejects.toMatchObject({ code: 'size' });
    expect(sent).toHaveLength(0);
  });

  it('lets a known Premium member send up to 1 GB, and refuses beyond it', async () => {
    const me = await signer.getPublicKey();
    stores.session.getState().setAccount({ publicKey: me, method: 'nsec', canSign: true });
    rememberMember(me, { tier: 'premium' });
    try {
      const big = new File(['x'], 'big.mp4', { type: 'video/mp4' });
      Object.defineProperty(big, 'size', { value: 100 * 1024 * 1024 + 1 });
      const upload = uploadFile(big, { signer });
      await vi.waitFor(() => expect(sent).toHaveLength(1));
      sent[0].xhr.answer(500, { message: 'no' });
      await expect(upload).rejects.toMatchObject({ code: 'failed' });
      const huge = new File(['x'], 'huge.mp4', { type: 'video/mp4' });
      Object.defineProperty(huge, 'size', { value: 1024 * 1024 * 1024 + 1 });
      await expect(uploadFile(huge, { signer })).rejects.toMatchObject({ code: 'size' });
      expect(sent).toHaveLength(1);
    } finally {
      rememberMember(me, null);
    }
  });

  it('fails with the server refusal and cancels through its signal', async () => {
    const file = new File(['abc'], 'a.gif', { type: 'image/gif' });
    const failing = uploadFile(file, { signer, server: 'http://m' });
    (await waitForRequest()).xhr.answer(413, { message: 'File too big. Upload limit is 100MB.' });
    await expect(failing).rejects.toBeInstanceOf(UploadError);
    await expect(failing).rejects.toMatchObject({ code: 'failed' });

    sent.length = 0;
    const controller = new AbortController();
    const cancelled = uploadFile(file, { signer, server: 'http://m', signal: controller.signal });
    await waitForRequest();
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ code: 'aborted' });
  });
});

describe('fileSha256', () => {
  it('hashes a file over the whole-file size in pieces to the same SHA-256, reading no piece bigger than asked', async () => {
    const bytes = new Uint8Array(1000).map((_, i) => (i * 31) & 255);
    const blob = new Blob([bytes]);
    const whole = await fileSha256(blob);
    const sizes: number[] = [];
    const slice = blob.slice.bind(blob);
    blob.slice = (start?: number, end?: number) => {
      const part = slice(start, end);
      sizes.push(part.size);
      return part;
    };
    blob.arrayBuffer = () => Promise.reject(new Error('read whole'));
    expect(await fileSha256(blob, { wholeUpTo: 999, piece: 64 })).toBe(whole);
    expect(sizes).toHaveLength(16);
    expect(Math.max(...sizes)).toBe(64);
    expect(whole).toBe(
      Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)), (b) =>
        b.toString(16).padStart(2, '0'),
      ).join(''),
    );
  });
});

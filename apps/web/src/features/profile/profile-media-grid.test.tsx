import { fireEvent, screen, waitFor } from '@testing-library/react';
import { emptyPage } from '@tide/core/model';
import { noteEncode } from '@tide/core/nostr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppData } from '../../data/app-data.ts';
import { createTestAppData } from '../../data/test-app-data.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { signed, startNetwork, testAuthor } from '../thread/test-network.test-helper.ts';
import { firstMedia, thumbnailOf } from './profile-media-grid.tsx';
import { PagedTabPanel } from './profile-tab-panels.tsx';

const gina = testAuthor();
const now = Math.floor(Date.now() / 1000);
const images = Array.from({ length: 24 }, (_, i) =>
  signed(gina, 1, `picture ${i} https://img.example/p${i}.jpg`, [], now - 2000 - i * 60),
);
const video = signed(gina, 1, 'a clip https://img.example/clip.mp4', [], now - 1000);
const words = signed(gina, 1, 'only words here', [], now - 900);

let network: Awaited<ReturnType<typeof startNetwork>>;
let data: AppData;

beforeAll(async () => {
  network = await startNetwork([signed(gina, 0, JSON.stringify({ name: 'gina' })), ...images, video, words]);
  data = createTestAppData(network.server.url, WebSocket);
}, 60_000);

afterAll(async () => {
  data?.dispose();
  await network?.close();
});

describe('profile media tab', () => {
  it('shows a grid of thumbnails opening their notes, 20 a page, more on demand', async () => {
    renderWithApp(<PagedTabPanel tab="media" pubkey={gina.pubkey} />, '/p/x', data);
    await waitFor(() => expect(screen.getAllByTestId('profile-media-item')).toHaveLength(20), { timeout: 10_000 });
    const items = screen.getAllByTestId('profile-media-item');
    // Newest first: the video (no poster known) then the pictures (the service's variant; variant choice is below).
    expect(items[0]?.getAttribute('data-media-type')).toBe('video');
    expect(items[0]?.getAttribute('href')).toBe(`/e/${noteEncode(video.id)}`);
    expect(screen.getAllByTestId('profile-media-video')).toHaveLength(1);
    const img = items[1]?.querySelector('img');
    expect(img?.getAttribute('src')).toMatch(/p0\.jpg/);
    // Space reserved before the picture loads.
    expect(img?.getAttribute('width')).toBe('200');
    expect(img?.getAttribute('height')).toBe('200');
    expect(items[1]?.getAttribute('aria-label')).toMatch(/^Open the note with this media, posted /);
    expect(screen.queryByText('only words here')).toBeNull();

    expect(new Set(items.map((a) => a.getAttribute('href'))).size).toBe(20);

    fireEvent.click(screen.getByTestId('profile-more'));
    await waitFor(() => expect(screen.getByTestId('profile-media').getAttribute('data-count')).toBe('25'), {
      timeout: 10_000,
    });
  }, 30_000);
});

describe('thumbnailOf', () => {
  it("prefers an image's small variant, then medium; a video's poster; no poster gives nothing", () => {
    const page = emptyPage();
    const url = 'https://img.example/a.jpg';
    const variant = (s: string) => ({
      s,
      a: 1,
      w: 100,
      h: 100,
      mt: 'image/jpeg',
      media_url: `https://cdn.example/${s}.jpg`,
    });
    page.mediaVariants[url] = [variant('l'), variant('m'), variant('s')];
    expect(thumbnailOf({ type: 'image', url }, page)).toBe('https://cdn.example/s.jpg');
    page.mediaVariants[url] = [variant('l'), variant('m')];
    expect(thumbnailOf({ type: 'image', url }, page)).toBe('https://cdn.example/m.jpg');
    const clip = 'https://img.example/v.mp4';
    expect(thumbnailOf({ type: 'video', url: clip }, page)).toBeUndefined();
    page.thumbnails[clip] = 'https://cdn.example/poster.jpg';
    expect(thumbnailOf({ type: 'video', url: clip }, page)).toBe('https://cdn.example/poster.jpg');
    page.thumbnails[clip] = 'javascript:alert(1)';
    expect(thumbnailOf({ type: 'video', url: clip }, page)).toBeUndefined();
  });
});

describe('firstMedia', () => {
  it('takes the first image or video link of the text, else an imeta tag with a media type', () => {
    expect(firstMedia({ content: 'see https://a.example/x.png and https://a.example/y.mp4', tags: [] })).toEqual({
      type: 'image',
      url: 'https://a.example/x.png',
    });
    const svg = 'https://a.example/media/picture-1.svg';
    expect(firstMedia({ content: `a drawing\n${svg}`, tags: [['imeta', `url ${svg}`, 'm image/svg+xml']] })).toEqual({
      type: 'image',
      url: svg,
    });
    expect(
      firstMedia({ content: 'text', tags: [['imeta', 'url javascript:alert(1)', 'm image/png']] }),
    ).toBeUndefined();
    expect(firstMedia({ content: 'https://a.example/page.html', tags: [] })).toBeUndefined();
  });
});

import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mediaUrl } from './images.ts';

/** Where the demo videos and their preview images are kept (2-second H.264 clips made once with ffmpeg). */
const ASSETS = fileURLToPath(new URL('./assets/', import.meta.url));

/** The demo network's short videos: landscape, portrait and square, each with a `-thumb.jpg` preview next to it. */
export const SEED_VIDEOS: ReadonlyArray<{ name: string; dim: string }> = [
  { name: 'video-0.mp4', dim: '640x360' },
  { name: 'video-1.mp4', dim: '360x640' },
  { name: 'video-2.mp4', dim: '480x480' },
];

/** Name of a video's preview image (`video-0.mp4` → `video-0-thumb.jpg`). */
export function thumbnailName(name: string): string {
  return `${name.slice(0, name.lastIndexOf('.'))}-thumb.jpg`;
}

/** Copies the videos and their preview images into `<dataDir>/media/`. */
export function writeVideos(dataDir: string): void {
  const dir = join(dataDir, 'media');
  mkdirSync(dir, { recursive: true });
  for (const { name } of SEED_VIDEOS) {
    copyFileSync(join(ASSETS, name), join(dir, name));
    copyFileSync(join(ASSETS, thumbnailName(name)), join(dir, thumbnailName(name)));
  }
}

/** Video `i` (cycling) as a note line and its NIP-92 imeta tag (type, size, preview image). */
export function videoOf(publicUrl: string, i: number): { url: string; imeta: string[] } {
  const { name, dim } = SEED_VIDEOS[i % SEED_VIDEOS.length];
  const url = mediaUrl(publicUrl, name);
  const image = mediaUrl(publicUrl, thumbnailName(name));
  return { url, imeta: ['imeta', `url ${url}`, 'm video/mp4', `dim ${dim}`, `image ${image}`] };
}

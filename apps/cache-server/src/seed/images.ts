import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MEDIA_VARIANT_WIDTHS, mediaVariantName } from '../ingest/indexers/media-metadata.ts';
import type { Prng } from './prng.ts';

/** How many distinct avatar/banner files are written; larger networks reuse them. */
export const DISTINCT_PROFILE_IMAGES = 500;
/** How many distinct note pictures are written. */
export const DISTINCT_NOTE_IMAGES = 48;

const PALETTE = ['#0f766e', '#7c3aed', '#db2777', '#ea580c', '#2563eb', '#16a34a', '#ca8a04', '#0891b2', '#9333ea'];

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Width (and height) in pixels of the SVG avatars; their s/m/l copies are capped at it. */
export const AVATAR_WIDTH = 256;

/** SVG avatar: initials on a two-colour gradient disc. */
export function avatarSvg(initials: string, rng: Prng): string {
  const a = rng.pick(PALETTE);
  const b = rng.pick(PALETTE);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="256" height="256" fill="url(#g)"/>
<text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-size="104" fill="#fff">${escapeXml(initials)}</text>
</svg>
`;
}

/** SVG banner: a wide gradient with a few soft circles. */
export function bannerSvg(rng: Prng): string {
  const a = rng.pick(PALETTE);
  const b = rng.pick(PALETTE);
  let circles = '';
  for (let i = 0; i < 6; i++) {
    circles += `<circle cx="${rng.int(0, 1500)}" cy="${rng.int(0, 500)}" r="${rng.int(30, 180)}" fill="#fff" opacity="${(rng.int(8, 25) / 100).toFixed(2)}"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="500" viewBox="0 0 1500 500">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="1500" height="500" fill="url(#g)"/>${circles}
</svg>
`;
}

/** Width of the seeded note pictures, in pixels. */
export const PICTURE_WIDTH = 1200;

/** SVG "photo": a landscape with sky, sun and hills. */
export function pictureSvg(rng: Prng): string {
  const sky = rng.pick(['#bae6fd', '#fed7aa', '#e9d5ff', '#fecaca', '#bbf7d0']);
  const hill = rng.pick(['#166534', '#1e3a8a', '#78350f', '#4c1d95', '#134e4a']);
  const w = PICTURE_WIDTH;
  const h = rng.pick([800, 900, 1600]);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<rect width="${w}" height="${h}" fill="${sky}"/>
<circle cx="${rng.int(150, 1050)}" cy="${rng.int(100, 300)}" r="${rng.int(50, 110)}" fill="#fde047"/>
<path d="M0 ${h * 0.7} Q ${rng.int(200, 500)} ${h * 0.45} ${rng.int(600, 800)} ${h * 0.65} T ${w} ${h * 0.6} V ${h} H 0 Z" fill="${hill}"/>
</svg>
`;
}

/** Writes a file under `<dataDir>/media/` and returns its public URL. */
export function writeMedia(dataDir: string, publicUrl: string, name: string, body: string): string {
  const dir = join(dataDir, 'media');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), body);
  return mediaUrl(publicUrl, name);
}

/** Public URL of a seeded media file. */
export function mediaUrl(publicUrl: string, name: string): string {
  return `${publicUrl.replace(/\/$/, '')}/media/${name}`;
}

/** The SVG drawn at `width` pixels wide (height keeps the aspect ratio; the viewBox is unchanged). */
export function resizedSvg(svg: string, width: number): string {
  return svg.replace(/<svg\b[^>]*>/, (tag) => {
    const w = Number(/\swidth="(\d+)"/.exec(tag)?.[1] ?? 0);
    const h = Number(/\sheight="(\d+)"/.exec(tag)?.[1] ?? 0);
    if (!(w > 0 && h > 0)) return tag;
    const height = Math.round((h * width) / w);
    return tag.replace(/\swidth="\d+"/, ` width="${width}"`).replace(/\sheight="\d+"/, ` height="${height}"`);
  });
}

/**
 * Writes the small, medium and large variants of a seeded SVG picture next to it (`picture-3-s.svg`, ...), each no
 * wider than the original; media metadata lists them in 10000119 answers.
 */
export function writeMediaVariants(dataDir: string, name: string, svg: string, originalWidth: number): void {
  const dir = join(dataDir, 'media');
  for (const [size, width] of Object.entries(MEDIA_VARIANT_WIDTHS)) {
    writeFileSync(join(dir, mediaVariantName(name, size)), resizedSvg(svg, Math.min(width, originalWidth)));
  }
}

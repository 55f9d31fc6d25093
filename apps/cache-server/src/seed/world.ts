import type { EventTemplate, NostrEvent } from '@tide/core/nostr';
import { Kind } from '@tide/core/nostr';
import { FIXED_ACCOUNTS } from './accounts.ts';
import {
  avatarSvg,
  bannerSvg,
  DISTINCT_NOTE_IMAGES,
  DISTINCT_PROFILE_IMAGES,
  mediaUrl,
  PICTURE_WIDTH,
  pictureSvg,
  resizedSvg,
} from './images.ts';
import type { Prng } from './prng.ts';
import { inPool, type RasterFormat, writeRaster } from './raster.ts';
import { deriveSecretKey, publicKeyOf, type SeedSigner } from './signer.ts';
import { writeVideos } from './videos.ts';
import { FIRST_NAMES, LAST_NAMES, PLACES, WORDS } from './vocabulary.ts';

/** A generated user of the demo network. */
export interface SeedUser {
  index: number;
  name: string;
  displayName: string;
  secretKey: Uint8Array;
  pubkey: string;
  /** Relative activity (popular accounts post and get interactions more). */
  weight: number;
  popular: boolean;
}

/** Shared state of one seeding run. */
export interface SeedWorld {
  rng: Prng;
  signer: SeedSigner;
  now: number;
  /** Start of the 30-day content window. */
  start: number;
  publicUrl: string;
  /** The server's own relay URL (ws[s]://host/). */
  relayUrl: string;
  host: string;
  lightningHost: string;
  dataDir: string | undefined;
  users: SeedUser[];
  popular: SeedUser[];
  /** Cumulative author weights for fast weighted picks. */
  cumulative: number[];
  counts: Record<string, number>;
  /** Who each user follows (user indices), for later contact-list updates. */
  follows: Map<number, number[]>;
  /** `WxH` of each seeded note picture by URL (known once the files are written). */
  pictureDims: Map<string, string>;
}

const ZERO_AUX = new Uint8Array(32);
/** How many accounts are "popular" (followed by most users). */
export const POPULAR_COUNT = 8;

/** Signs a template as `user` and counts it by kind. */
export function signAs(world: SeedWorld, user: { secretKey: Uint8Array }, template: EventTemplate): NostrEvent {
  const event = world.signer.sign(template, user.secretKey, ZERO_AUX);
  const key = String(event.kind);
  world.counts[key] = (world.counts[key] ?? 0) + 1;
  return event;
}

/** A user picked with probability proportional to activity weight. */
export function pickActiveUser(world: SeedWorld): SeedUser {
  const total = world.cumulative[world.cumulative.length - 1];
  const r = world.rng.next() * total;
  let lo = 0;
  let hi = world.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (world.cumulative[mid] > r) hi = mid;
    else lo = mid + 1;
  }
  return world.users[lo];
}

function userName(i: number): string {
  const first = FIRST_NAMES[i % FIRST_NAMES.length];
  const round = Math.floor(i / FIRST_NAMES.length);
  if (round === 0) return first;
  const last = LAST_NAMES[(round - 1) % LAST_NAMES.length];
  const lap = Math.floor((round - 1) / LAST_NAMES.length);
  return lap === 0 ? `${first}_${last}` : `${first}_${last}${lap}`;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Builds the users: four fixed accounts (default + 3 demo) then seed-derived ones. */
export function createUsers(seed: string, count: number, rng: Prng): SeedUser[] {
  const users: SeedUser[] = [];
  for (let i = 0; i < count; i++) {
    const fixed = FIXED_ACCOUNTS[i];
    const secretKey = deriveSecretKey(fixed ? fixed.label : `${seed}:user:${i}`);
    const name = fixed ? fixed.name : userName(i - FIXED_ACCOUNTS.length);
    const parts = name.split('_');
    const displayName = fixed ? fixed.displayName : parts.map((p) => capitalise(p.replace(/\d+$/, ''))).join(' ');
    const popular = i === 0 || (i >= FIXED_ACCOUNTS.length && i < FIXED_ACCOUNTS.length + POPULAR_COUNT - 1);
    const demo = fixed !== undefined && i > 0;
    const weight = popular ? 10 + rng.int(0, 6) : demo ? 4 : 0.5 + rng.next() * 1.5;
    users.push({ index: i, name, displayName, secretKey, pubkey: publicKeyOf(secretKey), weight, popular });
  }
  return users;
}

/** Format of the seeded avatars (256 px squares). */
const AVATAR_EXT: RasterFormat = 'png';
/** Format of the seeded banners (wide). */
const BANNER_EXT: RasterFormat = 'jpg';
/** Formats and widths the seeded note pictures cycle through (with their heights: landscape and portrait). */
const PICTURE_FORMATS: readonly RasterFormat[] = ['jpg', 'png', 'webp'];
const PICTURE_WIDTHS: readonly number[] = [PICTURE_WIDTH, 800, 1600, 480];

/** File name of seeded note picture `i`: JPEG, PNG and WebP in turn. */
export function pictureName(i: number): string {
  return `picture-${i}.${PICTURE_FORMATS[i % PICTURE_FORMATS.length]}`;
}

/** File names of user image `i`'s avatar and banner. */
export function profileImageNames(i: number): { avatar: string; banner: string } {
  return { avatar: `avatar-${i}.${AVATAR_EXT}`, banner: `banner-${i}.${BANNER_EXT}` };
}

/**
 * Writes the avatar, banner and note picture files (when a data dir is given) as real raster images (PNG, JPEG,
 * WebP; several sizes, landscape and portrait) with their s/m/l copies, drawn from the same random choices as before.
 */
export async function writeImages(world: SeedWorld): Promise<void> {
  const dataDir = world.dataDir;
  if (!dataDir) return;
  const jobs: Array<() => Promise<unknown>> = [];
  const n = Math.min(world.users.length, DISTINCT_PROFILE_IMAGES);
  for (let i = 0; i < n; i++) {
    const u = world.users[i];
    const initials = u.displayName
      .split(' ')
      .map((w) => w.charAt(0))
      .join('')
      .slice(0, 2)
      .toUpperCase();
    const avatar = avatarSvg(initials, world.rng);
    const banner = bannerSvg(world.rng);
    const names = profileImageNames(i);
    jobs.push(() => writeRaster(dataDir, names.avatar, avatar, AVATAR_EXT, true));
    jobs.push(() => writeRaster(dataDir, names.banner, resizedSvg(banner, 1000), BANNER_EXT, false));
  }
  for (let i = 0; i < DISTINCT_NOTE_IMAGES; i++) {
    const picture = resizedSvg(pictureSvg(world.rng), PICTURE_WIDTHS[i % PICTURE_WIDTHS.length]);
    const name = pictureName(i);
    jobs.push(async () => {
      const { width, height } = await writeRaster(
        dataDir,
        name,
        picture,
        PICTURE_FORMATS[i % PICTURE_FORMATS.length],
        true,
      );
      world.pictureDims.set(mediaUrl(world.publicUrl, name), `${width}x${height}`);
    });
  }
  await inPool(jobs);
  writeVideos(dataDir);
}

const PICTURE_MIME: Readonly<Record<string, string>> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** The NIP-92 `imeta` fields of a seeded picture: its MIME type, and its size when the file was written. */
export function pictureImeta(world: SeedWorld, url: string): string[] {
  const dim = world.pictureDims.get(url);
  return [`m ${PICTURE_MIME[url.slice(url.lastIndexOf('.') + 1)] ?? 'image/jpeg'}`, ...(dim ? [`dim ${dim}`] : [])];
}

/** URL of one of the seeded note pictures. */
export function pictureUrl(world: SeedWorld): string {
  return mediaUrl(world.publicUrl, pictureName(world.rng.int(0, DISTINCT_NOTE_IMAGES - 1)));
}

function aboutText(rng: Prng): string {
  const a = rng.pick(WORDS);
  const b = rng.pick(WORDS);
  return `Into ${a} and ${b}. Posting from ${rng.pick(PLACES)}. Demo account of the Tide network.`;
}

/** Kind-0 profile of a user. */
export function profileEvent(world: SeedWorld, u: SeedUser, createdAt: number): NostrEvent {
  const img = u.index % DISTINCT_PROFILE_IMAGES;
  const profile = {
    name: u.name,
    display_name: u.displayName,
    displayName: u.displayName,
    about: aboutText(world.rng),
    picture: mediaUrl(world.publicUrl, profileImageNames(img).avatar),
    banner: mediaUrl(world.publicUrl, profileImageNames(img).banner),
    nip05: `${u.name}@${world.host}`,
    lud16: `${u.name}@${world.lightningHost}`,
    website: `https://${u.name.replace(/_/g, '-')}.example.com`,
  };
  return signAs(world, u, { kind: Kind.Metadata, created_at: createdAt, tags: [], content: JSON.stringify(profile) });
}

/** Kind-3 contact list: popular accounts, demo accounts' friends, and random others (remembered in `follows`). */
export function contactsEvent(world: SeedWorld, u: SeedUser, createdAt: number): NostrEvent {
  const { rng, users } = world;
  const follows = new Set<number>();
  for (const p of world.popular) if (p !== u && rng.chance(u.index < 4 ? 1 : 0.75)) follows.add(p.index);
  if (u.index > 0 && u.index < 4) for (let j = 1; j < 4; j++) if (j !== u.index) follows.add(j);
  const extra = u.index < 4 ? rng.int(30, 50) : rng.int(5, 40);
  for (const f of rng.sample(users, extra)) if (f !== u) follows.add(f.index);
  const list = [...follows];
  world.follows.set(u.index, list);
  return contactListOf(world, u, list, createdAt);
}

/** A signed kind-3 event following the given user indices. */
export function contactListOf(
  world: SeedWorld,
  u: SeedUser,
  follows: readonly number[],
  createdAt: number,
): NostrEvent {
  const tags = follows.map((i) => ['p', world.users[i].pubkey]);
  return signAs(world, u, { kind: Kind.Contacts, created_at: createdAt, tags, content: '' });
}

/** Kind-10050 NIP-17 DM relay list pointing at the server's own relay (demo accounts: private messages work). */
export function dmRelayListEvent(world: SeedWorld, u: SeedUser, createdAt: number): NostrEvent {
  return signAs(world, u, { kind: 10050, created_at: createdAt, tags: [['relay', world.relayUrl]], content: '' });
}

/** Kind-10002 relay list pointing at the server's own relay. */
export function relayListEvent(world: SeedWorld, u: SeedUser, createdAt: number): NostrEvent {
  return signAs(world, u, { kind: Kind.RelayList, created_at: createdAt, tags: [['r', world.relayUrl]], content: '' });
}

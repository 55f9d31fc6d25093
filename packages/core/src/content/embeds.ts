/** Sites whose links become players instead of link previews (spec §5 "Text recognition"). */
export type EmbedProvider =
  | 'spotify'
  | 'apple-music'
  | 'wavlake'
  | 'soundcloud'
  | 'mixcloud'
  | 'youtube'
  | 'rumble'
  | 'vimeo'
  | 'twitch'
  | 'zap-stream';

/** What kind of player an embed is. */
export type EmbedCategory = 'music' | 'audio' | 'video' | 'live';

/** A recognised embeddable link: provider, category, the player URL and, for fixed-height players, its height. */
export interface EmbedInfo {
  provider: EmbedProvider;
  category: EmbedCategory;
  embedUrl: string;
  /** Player height in px for fixed-height players (spec §9); undefined for 16:9 video players. */
  height?: number;
}

/** Player heights of spec §9, by provider. */
export const EMBED_HEIGHTS = {
  spotify: 352,
  mixcloud: 120,
  soundcloud: 166,
  appleMusicSong: 175,
  appleMusicAlbum: 450,
  wavlake: 380,
} as const;

const HOST = /^https?:\/\/([^/?#:]+)(?::\d+)?([^?#]*)(\?[^#]*)?/i;
const SPOTIFY = /^\/(?:intl-[a-z-]+\/)?(track|album|playlist|episode|show|artist)\/([A-Za-z0-9]+)/;
const APPLE = /^\/(?:[a-z]{2}\/)?(album|playlist|song)\/[^/]+\/[A-Za-z0-9.-]+/;
const WAVLAKE =
  /^\/(?:(track|album|artist|playlist)\/)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i;
const TWO_PARTS = /^\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)\/?$/;
const YT_ID = /^[A-Za-z0-9_-]{11}$/;
const YT_PATH = /^\/(?:shorts|live|embed|v)\/([A-Za-z0-9_-]{11})/;
const TWITCH = /^\/([A-Za-z0-9_]{3,25})\/?$/;
const RUMBLE = /^\/embed\/([A-Za-z0-9-]+)/;
const VIMEO = /^\/(\d{6,})\/?$/;
const MIXCLOUD_RESERVED = new Set(['live', 'discover', 'upload', 'select', 'categories', 'search']);
const SOUNDCLOUD_RESERVED = new Set(['live', 'discover', 'search', 'upload', 'you', 'charts', 'stream']);

function youtubeId(host: string, path: string, query: string | undefined): string | null {
  if (host === 'youtu.be') {
    const id = path.slice(1).split('/')[0];
    return YT_ID.test(id) ? id : null;
  }
  if (path === '/watch' && query) {
    const v = new URLSearchParams(query).get('v');
    return v && YT_ID.test(v) ? v : null;
  }
  return YT_PATH.exec(path)?.[1] ?? null;
}

/** The player for a link to Spotify, Apple Music, Wavlake, SoundCloud, Mixcloud, YouTube, Rumble, Vimeo, Twitch or zap.stream, else null. */
export function detectEmbed(url: string): EmbedInfo | null {
  const m = HOST.exec(url);
  if (!m) return null;
  let host = m[1].toLowerCase();
  if (host.startsWith('www.')) host = host.slice(4);
  const path = m[2] || '/';
  const query = m[3];
  switch (host) {
    case 'open.spotify.com': {
      const s = SPOTIFY.exec(path);
      return s
        ? {
            provider: 'spotify',
            category: 'music',
            embedUrl: `https://open.spotify.com/embed/${s[1]}/${s[2]}`,
            height: EMBED_HEIGHTS.spotify,
          }
        : null;
    }
    case 'music.apple.com': {
      const a = APPLE.exec(path);
      if (!a) return null;
      const song = a[1] === 'song' || (query !== undefined && /[?&]i=\d+/.test(query));
      return {
        provider: 'apple-music',
        category: 'music',
        embedUrl: `https://embed.music.apple.com${path}${query ?? ''}`,
        height: song ? EMBED_HEIGHTS.appleMusicSong : EMBED_HEIGHTS.appleMusicAlbum,
      };
    }
    case 'wavlake.com':
    case 'player.wavlake.com': {
      const w = WAVLAKE.exec(path);
      if (!w) return null;
      return {
        provider: 'wavlake',
        category: 'music',
        embedUrl: `https://embed.wavlake.com/${w[1] ?? 'track'}/${w[2].toLowerCase()}`,
        height: EMBED_HEIGHTS.wavlake,
      };
    }
    case 'soundcloud.com':
    case 'm.soundcloud.com': {
      const s = TWO_PARTS.exec(path);
      if (!s || SOUNDCLOUD_RESERVED.has(s[1])) return null;
      const canonical = `https://soundcloud.com/${s[1]}/${s[2]}`;
      return {
        provider: 'soundcloud',
        category: 'audio',
        embedUrl: `https://w.soundcloud.com/player/?url=${encodeURIComponent(canonical)}`,
        height: EMBED_HEIGHTS.soundcloud,
      };
    }
    case 'mixcloud.com': {
      const s = TWO_PARTS.exec(path);
      if (!s || MIXCLOUD_RESERVED.has(s[1])) return null;
      return {
        provider: 'mixcloud',
        category: 'audio',
        embedUrl: `https://www.mixcloud.com/widget/iframe/?hide_cover=1&feed=${encodeURIComponent(`/${s[1]}/${s[2]}/`)}`,
        height: EMBED_HEIGHTS.mixcloud,
      };
    }
    case 'youtube.com':
    case 'm.youtube.com':
    case 'music.youtube.com':
    case 'youtu.be': {
      const id = youtubeId(host, path, query);
      return id ? { provider: 'youtube', category: 'video', embedUrl: `https://www.youtube.com/embed/${id}` } : null;
    }
    case 'rumble.com': {
      const r = RUMBLE.exec(path);
      return r ? { provider: 'rumble', category: 'video', embedUrl: `https://rumble.com/embed/${r[1]}/` } : null;
    }
    case 'vimeo.com': {
      const v = VIMEO.exec(path);
      return v ? { provider: 'vimeo', category: 'video', embedUrl: `https://player.vimeo.com/video/${v[1]}` } : null;
    }
    case 'twitch.tv':
    case 'm.twitch.tv': {
      const t = TWITCH.exec(path);
      return t
        ? { provider: 'twitch', category: 'live', embedUrl: `https://player.twitch.tv/?channel=${t[1].toLowerCase()}` }
        : null;
    }
    case 'zap.stream':
      return path.length > 1 ? { provider: 'zap-stream', category: 'live', embedUrl: url } : null;
    default:
      return null;
  }
}

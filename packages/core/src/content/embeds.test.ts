import { describe, expect, it } from 'vitest';
import { detectEmbed, EMBED_HEIGHTS } from './embeds.ts';
import { mediaKind } from './media.ts';

describe('detectEmbed (spec §9 heights)', () => {
  it('Spotify → music, 352', () => {
    expect(detectEmbed('https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?si=abc')).toEqual({
      provider: 'spotify',
      category: 'music',
      embedUrl: 'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC',
      height: 352,
    });
  });
  it('Apple Music: 175 for a song, 450 for an album', () => {
    const song = detectEmbed('https://music.apple.com/us/album/some-album/1440833098?i=1440833101');
    expect(song?.height).toBe(EMBED_HEIGHTS.appleMusicSong);
    expect(song?.height).toBe(175);
    expect(song?.embedUrl).toBe('https://embed.music.apple.com/us/album/some-album/1440833098?i=1440833101');
    expect(detectEmbed('https://music.apple.com/us/album/some-album/1440833098')?.height).toBe(450);
  });
  it('Wavlake → 380, SoundCloud → 166, Mixcloud → 120', () => {
    expect(detectEmbed('https://wavlake.com/track/1b2c3d4e-aaaa-bbbb-cccc-0123456789ab')).toMatchObject({
      provider: 'wavlake',
      height: 380,
      embedUrl: 'https://embed.wavlake.com/track/1b2c3d4e-aaaa-bbbb-cccc-0123456789ab',
    });
    expect(detectEmbed('https://soundcloud.com/artist-name/track-name')).toMatchObject({
      provider: 'soundcloud',
      height: 166,
    });
    expect(detectEmbed('https://www.mixcloud.com/someone/a-mix/')).toMatchObject({ provider: 'mixcloud', height: 120 });
    expect(detectEmbed('https://soundcloud.com/discover/sets')).toBeNull();
  });
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10'],
    ['https://youtu.be/dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ'],
    ['https://youtube.com/live/dQw4w9WgXcQ?feature=share'],
  ])('YouTube %s', (url) => {
    expect(detectEmbed(url)).toEqual({
      provider: 'youtube',
      category: 'video',
      embedUrl: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
    });
  });
  it('live streams and other video sites', () => {
    expect(detectEmbed('https://www.twitch.tv/SomeStreamer')).toMatchObject({
      category: 'live',
      embedUrl: 'https://player.twitch.tv/?channel=somestreamer',
    });
    expect(detectEmbed('https://zap.stream/naddr1abc')).toMatchObject({ provider: 'zap-stream', category: 'live' });
    expect(detectEmbed('https://rumble.com/embed/v4abcd/')).toMatchObject({ provider: 'rumble', category: 'video' });
    expect(detectEmbed('https://vimeo.com/123456789')).toMatchObject({
      embedUrl: 'https://player.vimeo.com/video/123456789',
    });
  });
  it('other links are not embeds', () => {
    expect(detectEmbed('https://example.com/track/abc')).toBeNull();
    expect(detectEmbed('https://www.youtube.com/feed/trending')).toBeNull();
    expect(detectEmbed('https://twitch.tv/directory/game/x')).toBeNull();
  });
});

describe('mediaKind', () => {
  it.each(['png', 'jpg', 'jpeg', 'webp', 'gif', 'JPG'])('image .%s', (ext) => {
    expect(mediaKind(`https://x.com/a/pic.${ext}`)).toBe('image');
  });
  it.each(['mp4', 'mov', 'ogg', 'webm'])('video .%s', (ext) => {
    expect(mediaKind(`https://x.com/v.${ext}?token=1#t=2`)).toBe('video');
  });
  it('ignores dots outside the last path segment and other extensions', () => {
    expect(mediaKind('https://img.png.example.com/page')).toBeNull();
    expect(mediaKind('https://x.com/file.pdf')).toBeNull();
    expect(mediaKind('https://x.com/page?file=a.png')).toBeNull();
  });
});

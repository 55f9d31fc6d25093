import { describe, expect, it } from 'vitest';
import { imageSource, isHttpUrl, videoSource } from './media-url.ts';

const page = (mediaUrl: string) => ({
  mediaVariants: { 'https://a.example/p.png': [{ s: 'm', a: 1, w: 100, h: 50, mt: 'image/png', media_url: mediaUrl }] },
});

describe('media urls', () => {
  it('fetches only absolute http(s) media', () => {
    expect(isHttpUrl('https://a.example/p.png')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl(' javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('/media-cache?u=x')).toBe(false);
    expect(imageSource('javascript:alert(1)', undefined)).toBeUndefined();
  });

  it("loads the service's hosted variant, else the media cache at the variant's size, never the note's host", () => {
    expect(imageSource('https://a.example/p.png', page('https://cdn.example/m.png'))?.src).toBe(
      'https://cdn.example/m.png',
    );
    const cached = `/media-cache?s=m&a=1&u=${encodeURIComponent('https://a.example/p.png')}`;
    // The service lists media it does not host with the original address as the variant's media_url.
    expect(imageSource('https://a.example/p.png', page('https://a.example/p.png'))).toEqual({
      src: cached,
      width: 100,
      height: 50,
    });
    expect(imageSource('https://a.example/p.png', page('javascript:alert(1)'))?.src).toBe(cached);
    expect(imageSource('https://a.example/p.png', undefined)?.src).toBe(cached);
  });

  it('loads videos through the media cache', () => {
    expect(videoSource('https://v.example/clip.mp4')).toBe(
      `/media-cache?s=o&a=1&u=${encodeURIComponent('https://v.example/clip.mp4')}`,
    );
    expect(videoSource('javascript:alert(1)')).toBeUndefined();
  });
});

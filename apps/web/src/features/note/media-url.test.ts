import { describe, expect, it } from 'vitest';
import { imageSource, isHttpUrl } from './media-url.ts';

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

  it('uses a variant only when its address is safe, else the media cache', () => {
    expect(imageSource('https://a.example/p.png', page('https://cdn.example/m.png'))?.src).toBe(
      'https://cdn.example/m.png',
    );
    expect(imageSource('https://a.example/p.png', page('javascript:alert(1)'))?.src).toBe(
      `/media-cache?s=m&a=1&u=${encodeURIComponent('https://a.example/p.png')}`,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { firstLink } from './first-link.ts';

describe('firstLink', () => {
  it('is the first link that is not an image or video, without trailing punctuation', () => {
    expect(firstLink('see https://a.example/pic.png and https://news.example/story?id=1).')).toBe(
      'https://news.example/story?id=1',
    );
    expect(firstLink('only media https://a.example/v.mp4')).toBeNull();
    expect(firstLink('no links here')).toBeNull();
  });
});

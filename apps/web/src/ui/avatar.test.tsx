import { fireEvent, render } from '@testing-library/react';
import { CacheKind } from '@tide/core/nostr';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetAvatarVariants, rememberAvatarVariants } from '../data/avatar-variants.ts';
import { Avatar } from './avatar.tsx';
import { AVATAR_PIXELS, AVATAR_SIZES, safeImageUrl } from './avatar-sizes.ts';

describe('Avatar', () => {
  afterEach(forgetAvatarVariants);

  it('has the 16 spec sizes, each a different, growing pixel size', () => {
    expect(AVATAR_SIZES).toEqual([
      'nano',
      'micro',
      'xxs',
      'xss',
      'xs',
      'vvs',
      'vs2',
      'vs',
      'sm',
      'md',
      'ml',
      'mll',
      'lg',
      'xl',
      'xxl',
      'xxxl',
    ]);
    const px = AVATAR_SIZES.map((s) => AVATAR_PIXELS[s]);
    expect(px.every((v, i) => i === 0 || v > px[i - 1]!)).toBe(true);
  });

  it.each(AVATAR_SIZES)('reserves its box for size %s before the image loads', (size) => {
    const { container } = render(<Avatar size={size} src="https://example.com/a.png" alt="alice" />);
    const box = container.firstElementChild as HTMLElement;
    expect(box.style.width).toBe(`${AVATAR_PIXELS[size]}px`);
    expect(box.style.height).toBe(`${AVATAR_PIXELS[size]}px`);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('width')).toBe(String(AVATAR_PIXELS[size]));
  });

  it('falls back to the default picture when the image fails', () => {
    const { container, getByRole } = render(<Avatar src="https://example.com/broken.png" alt="bob" />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(getByRole('img', { name: 'bob' }).tagName.toLowerCase()).toBe('svg');
  });

  it("shows the picture's small copy when an answer listed one, the picture when the copy fails, then the fallback", () => {
    const picture = 'https://example.com/carol.png';
    const smallCopy = 'https://example.com/carol-s.png';
    const variants = [
      { s: 'o', a: 0, w: 800, h: 800, mt: 'image/png', media_url: picture },
      { s: 's', a: 0, w: 360, h: 360, mt: 'image/png', media_url: smallCopy },
    ];
    rememberAvatarVariants([
      { kind: CacheKind.MediaInfo, content: JSON.stringify({ resources: [{ url: picture, variants }] }) },
    ]);
    const { container, getByRole } = render(<Avatar src={picture} size="sm" alt="carol" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe(smallCopy);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')?.getAttribute('src')).toBe(picture);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(getByRole('img', { name: 'carol' }).tagName.toLowerCase()).toBe('svg');
  });

  it('never puts a non-http picture address into the page', () => {
    const { container } = render(<Avatar src="javascript:alert(1)" />);
    expect(container.querySelector('img')).toBeNull();
    expect(safeImageUrl('data:image/png;base64,AAAA')).toBeUndefined();
    expect(safeImageUrl('not a url')).toBeUndefined();
    expect(safeImageUrl('https://cdn.example/p.jpg')).toBe('https://cdn.example/p.jpg');
  });
});

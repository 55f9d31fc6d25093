import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar.tsx';
import { AVATAR_PIXELS, AVATAR_SIZES, safeImageUrl } from './avatar-sizes.ts';

describe('Avatar', () => {
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

  it('never puts a non-http picture address into the page', () => {
    const { container } = render(<Avatar src="javascript:alert(1)" />);
    expect(container.querySelector('img')).toBeNull();
    expect(safeImageUrl('data:image/png;base64,AAAA')).toBeUndefined();
    expect(safeImageUrl('not a url')).toBeUndefined();
    expect(safeImageUrl('https://cdn.example/p.jpg')).toBe('https://cdn.example/p.jpg');
  });
});

import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDocumentTitle, useDocumentTitle } from './document-title.ts';

function Titled({ name }: { name: string }) {
  useDocumentTitle(name);
  return null;
}

describe('document title', () => {
  it('formats "Screen | Tide"', () => {
    expect(formatDocumentTitle('Home')).toBe('Home | Tide');
    expect(formatDocumentTitle('Note by alice')).toBe('Note by alice | Tide');
    expect(formatDocumentTitle('')).toBe('Tide');
  });

  it('follows the screen that is shown', () => {
    const { rerender } = render(<Titled name="Reads" />);
    expect(document.title).toBe('Reads | Tide');
    rerender(<Titled name="Explore" />);
    expect(document.title).toBe('Explore | Tide');
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SkeletonList } from './skeleton.tsx';

describe('SkeletonList', () => {
  it('is one busy status region with the requested number of note placeholders', () => {
    render(<SkeletonList label="Loading notes" count={3} />);
    const region = screen.getByRole('status', { name: 'Loading notes' });
    expect(region.getAttribute('aria-busy')).toBe('true');
    expect(region.children).toHaveLength(3);
  });
});

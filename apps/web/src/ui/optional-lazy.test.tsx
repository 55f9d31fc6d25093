import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { optionalLazy } from './optional-lazy.tsx';

function Part({ label }: { label: string }) {
  return <span data-testid="part">{label}</span>;
}

describe('optionalLazy', () => {
  it('shows nothing when its code cannot be fetched, and loads on a later mount', async () => {
    let attempts = 0;
    const Optional = optionalLazy<{ label: string }>(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('Failed to fetch dynamically imported module');
      return Part;
    });
    const first = render(
      <main>
        <h1>Screen</h1>
        <Optional label="subscribe" />
      </main>,
    );
    await screen.findByText('Screen');
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('part')).toBeNull();
    expect(screen.getByText('Screen')).toBeTruthy();
    first.unmount();
    render(<Optional label="subscribe" />);
    expect((await screen.findByTestId('part')).textContent).toBe('subscribe');
    expect(attempts).toBe(2);
  });
});

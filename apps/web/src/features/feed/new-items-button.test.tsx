import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test-utils.tsx';
import { cappedCount, NewItemsButton } from './new-items-button.tsx';

describe('new items button', () => {
  it('caps new notes at 99 and new notifications at 100', () => {
    expect(cappedCount(98, 99)).toBe('98');
    expect(cappedCount(99, 99)).toBe('99+');
    expect(cappedCount(99, 100)).toBe('99');
    expect(cappedCount(100, 100)).toBe('99+');
  });

  it('says how many notes wait and shows them on click', () => {
    const onShow = vi.fn();
    renderWithApp(<NewItemsButton kind="notes" count={1} onShow={onShow} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show 1 new note' }));
    expect(onShow).toHaveBeenCalledOnce();
  });

  it('shows 99+ for many notifications and nothing for none', () => {
    const { container } = renderWithApp(
      <>
        <NewItemsButton kind="notifications" count={250} onShow={vi.fn()} />
        <NewItemsButton kind="notes" count={0} onShow={vi.fn()} />
      </>,
    );
    expect(screen.getByRole('button').textContent).toBe('99+ new notifications');
    expect(container.querySelectorAll('button')).toHaveLength(1);
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';
import { Menu } from './menu.tsx';

describe('Menu', () => {
  it('opens from its trigger by keyboard and runs the chosen item', async () => {
    const copy = vi.fn();
    const broadcast = vi.fn();
    render(
      <Menu
        trigger={<Button>Actions</Button>}
        items={[
          { id: 'copy', label: 'Copy note link', onSelect: copy },
          { id: 'broadcast', label: 'Broadcast note', onSelect: broadcast, disabled: true },
        ]}
      />,
    );
    const trigger = screen.getByRole('button', { name: 'Actions' });
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const menu = await screen.findByRole('menu', { name: 'Actions' });
    expect(menu).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Broadcast note' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Copy note link' }));
    expect(copy).toHaveBeenCalledOnce();
    expect(broadcast).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

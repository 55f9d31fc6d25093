import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { nextTabIndex, Tabs } from './tabs.tsx';

const ITEMS = [
  { id: 'all', label: 'All' },
  { id: 'zaps', label: 'Zaps' },
  { id: 'replies', label: 'Replies' },
];

function Harness() {
  const [value, setValue] = useState('all');
  return (
    <Tabs label="Kinds" items={ITEMS} value={value} onChange={setValue}>
      <p>panel {value}</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('computes arrow, Home and End moves with wrap-around', () => {
    expect(nextTabIndex('ArrowRight', 2, 3)).toBe(0);
    expect(nextTabIndex('ArrowLeft', 0, 3)).toBe(2);
    expect(nextTabIndex('Home', 2, 3)).toBe(0);
    expect(nextTabIndex('End', 0, 3)).toBe(2);
    expect(nextTabIndex('a', 0, 3)).toBeUndefined();
  });

  it('has one tab stop and a panel labelled by the selected tab', () => {
    render(<Harness />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    expect(screen.getByRole('tabpanel', { name: 'All' }).textContent).toBe('panel all');
  });

  it('selects by click and by arrow keys, moving focus', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('tab', { name: 'Zaps' }));
    expect(screen.getByRole('tab', { name: 'Zaps' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Zaps' }), { key: 'ArrowRight' });
    const replies = screen.getByRole('tab', { name: 'Replies' });
    expect(replies.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(replies);
    fireEvent.keyDown(replies, { key: 'Home' });
    expect(screen.getByRole('tabpanel').textContent).toBe('panel all');
  });
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createToastStore } from '../state/toast-store.ts';
import { ToastRegion } from './toast-region.tsx';

describe('ToastRegion', () => {
  it('shows toasts from the store, errors as alerts, and dismisses on request', () => {
    const store = createToastStore();
    render(<ToastRegion store={store} label="Messages from Tide" dismissLabel="Dismiss" />);
    act(() => {
      store.getState().show({ kind: 'success', message: 'Note posted successfully' });
      store.getState().show({ kind: 'error', message: 'Failed to publish note' });
    });
    expect(screen.getByRole('status').textContent).toContain('Note posted successfully');
    expect(screen.getByRole('alert').textContent).toContain('Failed to publish note');
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss' })[0]!);
    expect(screen.queryByText('Note posted successfully')).toBeNull();
    expect(store.getState().toasts).toHaveLength(1);
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test-utils.tsx';
import { CreatePinForm, EnterPinForm } from './pin-forms.tsx';

describe('PIN forms', () => {
  it('creates a PIN only when long enough and repeated', () => {
    const onDone = vi.fn();
    renderWithApp(<CreatePinForm onDone={onDone} onSkip={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('PIN'), { target: { value: '2468' } });
    fireEvent.change(screen.getByLabelText('Repeat PIN'), { target: { value: '2468' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create PIN' }));
    expect(onDone).toHaveBeenCalledWith('2468');
  });

  it('enters a PIN and offers the forgot-PIN way out', () => {
    const onSubmit = vi.fn();
    const onForgot = vi.fn();
    renderWithApp(<EnterPinForm onSubmit={onSubmit} onForgot={onForgot} />);
    fireEvent.change(screen.getByLabelText('PIN'), { target: { value: '2468' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(onSubmit).toHaveBeenCalledWith('2468');
    fireEvent.click(screen.getByRole('button', { name: 'Forgot PIN?' }));
    expect(onForgot).toHaveBeenCalledOnce();
  });
});

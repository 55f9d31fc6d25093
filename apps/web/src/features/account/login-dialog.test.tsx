import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test-utils.tsx';
import { LoginDialog } from './login-dialog.tsx';

const NSEC = 'nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5';

describe('LoginDialog', () => {
  it('refuses anything but a valid nsec with the spec message', async () => {
    renderWithApp(<LoginDialog open onOpenChange={vi.fn()} />);
    const field = await screen.findByLabelText('Private key (nsec)');
    fireEvent.change(field, { target: { value: 'npub10elfcs4fr0l0r8af98jlmgdh9c8tcxjvz9qkw038js35mp4dma8qzvjptg' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid private key');
    expect(field.getAttribute('type')).toBe('password');
  });

  it('moves on to Create PIN with a valid key, checking length and repetition', async () => {
    renderWithApp(<LoginDialog open onOpenChange={vi.fn()} />);
    fireEvent.change(await screen.findByLabelText('Private key (nsec)'), { target: { value: NSEC } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('dialog', { name: 'Create PIN' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('PIN'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create PIN' }));
    expect(screen.getByText('PIN must be at least 4 characters')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('PIN'), { target: { value: '1234' } });
    fireEvent.change(screen.getByLabelText('Repeat PIN'), { target: { value: '4321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create PIN' }));
    expect(screen.getByText("PINs don't match")).toBeTruthy();
  });

  it('never shows the key in the page text', async () => {
    renderWithApp(<LoginDialog open onOpenChange={vi.fn()} />);
    fireEvent.change(await screen.findByLabelText('Private key (nsec)'), { target: { value: NSEC } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(document.body.innerHTML).not.toContain(NSEC);
  });
});

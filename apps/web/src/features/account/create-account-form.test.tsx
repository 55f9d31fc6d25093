import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test-utils.tsx';
import { CreateAccountForm } from './create-account-form.tsx';

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));

describe('CreateAccountForm', () => {
  it('starts on step 1 of 3 with Previous disabled', () => {
    renderWithApp(<CreateAccountForm />);
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('requires a username before step 2', () => {
    renderWithApp(<CreateAccountForm />);
    next();
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
  });

  it('refuses spaces and special characters with the spec messages', () => {
    renderWithApp(<CreateAccountForm />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ann marie!' } });
    next();
    expect(screen.getByText('Spaces and special characters are not allowed in the username')).toBeTruthy();
    expect(screen.getByText('Username is not valid')).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
  });

  it('walks steps 2 (all optional) and 3, and back with Previous, keeping what was typed', () => {
    renderWithApp(<CreateAccountForm />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ann_marie' } });
    next();
    expect(screen.getByText('Step 2 of 3')).toBeTruthy();
    expect(screen.getByLabelText('About')).toBeTruthy();
    next();
    expect(screen.getByText('Step 3 of 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Finish' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('ann_marie');
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextAreaField, TextField } from './text-field.tsx';

describe('TextField', () => {
  it('labels its input', () => {
    render(<TextField label="Username" />);
    expect(screen.getByLabelText('Username').tagName).toBe('INPUT');
  });

  it('marks the input invalid and describes it by the hint and the error', () => {
    render(<TextField label="Username" hint="Letters only" error="Username is not valid" />);
    const input = screen.getByLabelText('Username');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const texts = described.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(['Letters only', 'Username is not valid']);
    expect(screen.getByRole('alert').textContent).toBe('Username is not valid');
  });

  it('is not invalid without an error', () => {
    render(<TextAreaField label="About" />);
    const area = screen.getByLabelText('About');
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.getAttribute('aria-invalid')).toBeNull();
    expect(area.getAttribute('aria-describedby')).toBeNull();
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stores } from '../../../state/stores.ts';
import { renderWithApp } from '../../../test-utils.tsx';
import { AppearanceSection } from './appearance-section.tsx';

describe('AppearanceSection', () => {
  afterEach(() => {
    stores.settings.getState().setTheme('sunrise');
    stores.settings.getState().setAnimated(true);
  });

  it('offers the four waves and switches the theme on <html> and in localStorage', () => {
    renderWithApp(<AppearanceSection />);
    const radios = screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).labels?.[0]?.textContent);
    expect(radios).toEqual(['Sunrise Wave', 'Sunset Wave', 'Midnight Wave', 'Ice Wave']);
    fireEvent.click(screen.getByLabelText('Midnight Wave'));
    expect(document.documentElement.dataset.theme).toBe('midnight');
    expect(localStorage.getItem('theme')).toBe('midnight');
    expect((screen.getByLabelText('Midnight Wave') as HTMLInputElement).checked).toBe(true);
  });

  it('switches animations off on <html>', () => {
    renderWithApp(<AppearanceSection />);
    fireEvent.click(screen.getByLabelText('Play animations'));
    expect(document.documentElement.dataset.animated).toBe('false');
  });

  it('offers the English catalogue as the language', () => {
    renderWithApp(<AppearanceSection />);
    expect((screen.getByLabelText('Language') as HTMLSelectElement).value).toBe('en');
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { createSettingsStore } from './settings-store.ts';

const html = () => document.documentElement.dataset;

describe('settings store', () => {
  beforeEach(() => {
    localStorage.clear();
    delete html().theme;
    delete html().animated;
  });

  it('starts on sunrise with animations on and mirrors that to <html>', () => {
    const store = createSettingsStore();
    expect(store.getState().theme).toBe('sunrise');
    expect(store.getState().animated).toBe(true);
    expect(html().theme).toBe('sunrise');
    expect(html().animated).toBe('true');
  });

  it('mirrors a theme switch to localStorage and <html>, and ignores unknown names', () => {
    const store = createSettingsStore();
    store.getState().setTheme('midnight');
    expect(store.getState().theme).toBe('midnight');
    expect(localStorage.getItem('theme')).toBe('midnight');
    expect(html().theme).toBe('midnight');
    store.getState().setTheme('disco');
    expect(store.getState().theme).toBe('midnight');
    expect(localStorage.getItem('theme')).toBe('midnight');
  });

  it('restores the stored theme and animation setting', () => {
    localStorage.setItem('theme', 'ice');
    localStorage.setItem('animated', 'false');
    const store = createSettingsStore();
    expect(store.getState().theme).toBe('ice');
    expect(store.getState().animated).toBe(false);
    expect(html().animated).toBe('false');
  });

  it('lets a valid forced theme win at start and over saved settings', () => {
    localStorage.setItem('theme', 'ice');
    localStorage.setItem('forceTheme', 'sunset');
    const store = createSettingsStore();
    expect(store.getState().theme).toBe('sunset');
    store.getState().applySavedTheme('ice');
    expect(store.getState().theme).toBe('sunset');
  });

  it('ignores a forced theme that is not one of the four names', () => {
    localStorage.setItem('theme', 'ice');
    localStorage.setItem('forceTheme', 'hacker-green');
    const store = createSettingsStore();
    expect(store.getState().theme).toBe('ice');
    store.getState().applySavedTheme('midnight');
    expect(store.getState().theme).toBe('midnight');
  });

  it('mirrors the animation switch', () => {
    const store = createSettingsStore();
    store.getState().setAnimated(false);
    expect(localStorage.getItem('animated')).toBe('false');
    expect(html().animated).toBe('false');
  });

  it('defaults the locale to en and accepts only catalogued locales', () => {
    localStorage.setItem('locale', 'xx');
    const store = createSettingsStore();
    expect(store.getState().locale).toBe('en');
    store.getState().setLocale('fr');
    expect(store.getState().locale).toBe('en');
    expect(localStorage.getItem('locale')).toBe('xx');
  });
});

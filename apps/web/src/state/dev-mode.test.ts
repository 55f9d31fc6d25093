import { afterEach, describe, expect, it, vi } from 'vitest';
import { devLog, exposeInDevMode, isDevMode } from './dev-mode.ts';

describe('dev mode', () => {
  afterEach(() => {
    delete window.tide;
    vi.restoreAllMocks();
  });

  it('is off unless localStorage.devMode is exactly "true"', () => {
    expect(isDevMode()).toBe(false);
    localStorage.setItem('devMode', 'yes');
    expect(isDevMode()).toBe(false);
    localStorage.setItem('devMode', 'true');
    expect(isDevMode()).toBe(true);
  });

  it('exposes the stores on window only in dev mode', () => {
    const handle = { stores: { a: 1 }, version: '2.1.10', appId: 'web_2.1.10_1' };
    expect(exposeInDevMode(handle)).toBe(false);
    expect(window.tide).toBeUndefined();
    localStorage.setItem('devMode', 'true');
    expect(exposeInDevMode(handle)).toBe(true);
    expect(window.tide).toBe(handle);
  });

  it('logs only in dev mode', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    devLog('quiet');
    expect(debug).not.toHaveBeenCalled();
    localStorage.setItem('devMode', 'true');
    devLog('loud');
    expect(debug).toHaveBeenCalledWith('[tide]', 'loud');
  });
});

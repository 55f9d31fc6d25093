import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts after each test; localStorage starts empty for every test.
afterEach(() => {
  cleanup();
  globalThis.localStorage?.clear();
});

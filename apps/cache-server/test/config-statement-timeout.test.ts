import { expect, it } from 'vitest';
import { parseConfig } from '../src/config.ts';

it('reads TIDE_PG_STATEMENT_TIMEOUT_MS and --pg-statement-timeout-ms (default unset: the store default)', () => {
  expect(parseConfig([], {}).pgStatementTimeoutMs).toBeUndefined();
  expect(parseConfig([], { TIDE_PG_STATEMENT_TIMEOUT_MS: '5000' }).pgStatementTimeoutMs).toBe(5000);
  expect(
    parseConfig(['--pg-statement-timeout-ms=0'], { TIDE_PG_STATEMENT_TIMEOUT_MS: '5000' }).pgStatementTimeoutMs,
  ).toBe(0);
  expect(() => parseConfig(['--pg-statement-timeout-ms', 'soon'], {})).toThrow('invalid milliseconds: soon');
});

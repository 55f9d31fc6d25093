import { describe, expect, it } from 'vitest';
import { backupFileName, backupLines } from './backup-download.tsx';

describe('content backup file', () => {
  it('is one signed event per line; synthetic answers without a signature are left out', () => {
    const note = { id: 'a', kind: 1, content: 'hi', sig: 'ff' };
    const like = { id: 'b', kind: 7, content: '+', sig: 'ee' };
    const lines = backupLines([note, { kind: 10000113, content: '{}' }, like]);
    expect(lines.split('\n')).toEqual([JSON.stringify(note), JSON.stringify(like), '']);
    expect(backupLines([{ kind: 10000113 }])).toBe('');
  });

  it('is named for the day', () => {
    expect(backupFileName(new Date('2026-11-28T23:59:00Z'))).toBe('tide-backup-2026-11-28.jsonl');
  });
});

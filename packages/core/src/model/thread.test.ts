import { describe, expect, it } from 'vitest';
import { assemblePage } from './assemble-page.ts';
import { hex, synthetic, textNote } from './test-fixtures.ts';
import { threadOf } from './thread.ts';

const alice = hex('a');
const [root, middle, primary, reply1, reply2, other] = ['1', '2', '3', '4', '5', '6'].map(hex);
const withTags = (id: string, created_at: number, tags: string[][]) => ({ ...textNote(id, alice, created_at), tags });

describe('threadOf', () => {
  it('finds ancestors (also among mentions), the primary note and its direct replies', () => {
    const page = assemblePage([
      withTags(middle, 20, [
        ['e', root, '', 'root'],
        ['e', root, '', 'reply'],
      ]),
      withTags(primary, 30, [
        ['e', root, '', 'root'],
        ['e', middle, '', 'reply'],
      ]),
      withTags(reply2, 50, [
        ['e', root, '', 'root'],
        ['e', primary, '', 'reply'],
      ]),
      withTags(reply1, 40, [['e', primary]]),
      withTags(other, 45, [['e', middle, '', 'reply']]),
      synthetic(10000107, textNote(root, alice, 10, 'the root')),
    ]);
    const thread = threadOf(page, primary);
    expect(thread.primaryNote?.id).toBe(primary);
    expect(thread.parents.map((n) => n.id)).toEqual([root, middle]);
    expect(thread.parents[0].content).toBe('the root');
    expect(thread.replies.map((n) => n.id)).toEqual([reply1, reply2]);
  });

  it('is empty when the primary note is unknown', () => {
    expect(threadOf(assemblePage([]), primary)).toEqual({ parents: [], replies: [] });
  });
});

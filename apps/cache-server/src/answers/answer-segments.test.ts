import { inflateSync } from 'node:zlib';
import type { CacheEvent } from '@tide/core/nostr';
import { strFromU8, unzlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { withLayout } from '../commands/bundle-shared.ts';
import { PackedAnswer, segmentedAnswer } from './answer-frames.ts';

function objects(n: number, label: string): CacheEvent[] {
  return Array.from({ length: n }, (_, i) => ({
    kind: 1,
    content: `${label} ${i} ${'é🌊 "q" \\ '.repeat(i % 5)} ${'shared text '.repeat(i % 9)}`,
  }));
}

/** An answer of head + middle + tail marked with its layout (memo shared by answers of the same part). */
function answer(head: CacheEvent[], middle: CacheEvent[], tail: CacheEvent[], memo: Record<string, unknown>) {
  return withLayout([...head, ...middle, ...tail], { head, middle, tail, memo });
}

async function framesOf(events: CacheEvent[]): Promise<unknown[]> {
  const frame = await (await PackedAnswer.pack(events)).zlibFrame('sub_1');
  const viaNode = JSON.parse(inflateSync(frame).toString('utf8'));
  expect(JSON.parse(strFromU8(unzlibSync(frame)))).toEqual(viaNode);
  return viaNode;
}

describe('answers with a shared head and tail', () => {
  it('frame (checksum verified) exactly like the same objects packed whole, for any per-viewer middle', async () => {
    const head = objects(300, 'head');
    const tail = objects(40, 'tail');
    const memo = {};
    for (const middle of [objects(3, 'alice'), [], objects(1, 'bob')]) {
      const events = answer(head, middle, tail, memo);
      expect(segmentedAnswer(events)).toBeDefined();
      expect(await framesOf(events)).toEqual(['EVENTS', 'sub_1', [...head, ...middle, ...tail]]);
      const text = (await PackedAnswer.pack(events)).textFrames('t').map((f) => JSON.parse(f)[2]);
      expect(text).toEqual([...head, ...middle, ...tail]);
    }
    // the shared pieces were made once and kept in the memo
    expect(Object.keys(memo).sort()).toEqual(['head', 'tail']);
  });

  it('an empty tail, and answers changed after marking, still frame correctly (the latter packed whole)', async () => {
    const head = objects(5, 'head');
    const events = answer(head, objects(2, 'mid'), [], {});
    expect(await framesOf(events)).toEqual(['EVENTS', 'sub_1', [...events]]);
    const grown = answer(head, [], objects(2, 'tail'), {});
    grown.push({ kind: 7, content: 'added by a handler' });
    expect(segmentedAnswer(grown)).toBeUndefined();
    expect(await framesOf(grown)).toEqual(['EVENTS', 'sub_1', [...grown]]);
    const replaced = answer(head, [], objects(2, 'tail'), {});
    replaced[1] = { kind: 7, content: 'replaced' };
    expect(segmentedAnswer(replaced)).toBeUndefined();
    expect(segmentedAnswer(answer([], objects(2, 'mid'), [], {}))).toBeUndefined();
  });
});

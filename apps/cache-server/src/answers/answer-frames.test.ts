import * as zlib from 'node:zlib';
import { inflateSync } from 'node:zlib';
import type { CacheEvent } from '@tide/core/nostr';
import { strFromU8, unzlibSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { adler32, adler32Concat, PackedAnswer } from './answer-frames.ts';

vi.mock('node:zlib', async (original) => {
  const actual = await original<typeof import('node:zlib')>();
  return { ...actual, deflateRawSync: vi.fn(actual.deflateRawSync) };
});

function objects(n: number, seed = 1): CacheEvent[] {
  return Array.from({ length: n }, (_, i) => ({
    kind: 1,
    id: `${seed}-${i}`,
    content: `note ${i} ${'é🌊 "quoted" \\ '.repeat(i % 7)} ${Math.sin(i * seed).toString(36)}`,
    tags: [['p', String(i * seed)]],
  }));
}

describe('adler32', () => {
  it('matches the RFC 1950 checksum of known text', () => {
    expect(adler32(Buffer.from('Wikipedia'))).toBe(0x11e60398);
    expect(adler32(new Uint8Array(0))).toBe(1);
  });

  it('of two parts joined equals the checksum of the whole, for any split', () => {
    const data = Buffer.from(JSON.stringify(objects(400)));
    for (const split of [0, 1, 17, 5552, 5553, 70_000, data.length]) {
      const first = data.subarray(0, split);
      const second = data.subarray(split);
      expect(adler32Concat(adler32(first), adler32(second), second.length)).toBe(adler32(data));
    }
  });
});

describe('PackedAnswer', () => {
  it('a zlib frame inflates (checksum verified) to ["EVENTS", subId, objects] for every sub-id', async () => {
    const events = objects(60);
    const packed = await PackedAnswer.pack(events);
    for (const subId of ['home_feed_1', 'sub "with" quotes \\ and ünïcode 🌊', 'x'.repeat(256)]) {
      const frame = await packed.zlibFrame(subId);
      expect(JSON.parse(inflateSync(frame).toString('utf8'))).toEqual(['EVENTS', subId, events]);
      // the web app's inflater (core's frame decoder uses fflate)
      expect(JSON.parse(strFromU8(unzlibSync(frame)))).toEqual(['EVENTS', subId, events]);
    }
  });

  it('big answers (deflated off the main thread, serialised in slices) frame the same way', async () => {
    const events = objects(3000, 7);
    const packed = await PackedAnswer.pack(events);
    expect(packed.count).toBe(3000);
    const frame = await packed.zlibFrame('big');
    expect(JSON.parse(inflateSync(frame).toString('utf8'))).toEqual(['EVENTS', 'big', events]);
  });

  it('text frames carry one object each with the sub-id', async () => {
    const events = objects(3);
    const frames = (await PackedAnswer.pack(events)).textFrames('s"1');
    expect(frames.map((f) => JSON.parse(f))).toEqual(events.map((e) => ['EVENT', 's"1', e]));
  });

  it('deflates the shared tail once however many sub-ids it is framed for', async () => {
    const deflates = vi.mocked(zlib.deflateRawSync);
    const packed = await PackedAnswer.pack(objects(20));
    const before = deflates.mock.calls.length;
    const frames = await Promise.all(['a', 'b', 'c'].map((subId) => packed.zlibFrame(subId)));
    await packed.zlibFrame('d');
    expect(deflates.mock.calls.length - before).toBe(1);
    expect(JSON.parse(inflateSync(frames[1]).toString())[1]).toBe('b');
  });
});

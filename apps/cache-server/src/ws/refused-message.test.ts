import { describe, expect, it } from 'vitest';
import { refusedMessage } from './refused-message.ts';

describe('refusedMessage', () => {
  it('names the sub-id of a REQ, COUNT or CLOSE and the id of an EVENT', () => {
    expect(refusedMessage('["REQ","s1",{"cache":["explore_topics"]}]')).toEqual({ verb: 'REQ', id: 's1' });
    expect(refusedMessage('["COUNT","c",{"kinds":[1]}]')).toEqual({ verb: 'COUNT', id: 'c' });
    expect(refusedMessage('["EVENT",{"id":"ab","kind":1}]')).toEqual({ verb: 'EVENT', id: 'ab' });
  });

  it('names nothing for what does not parse, has no id, or is too long to read', () => {
    expect(refusedMessage('not json')).toBeUndefined();
    expect(refusedMessage('{"REQ":1}')).toBeUndefined();
    expect(refusedMessage('["REQ",5]')).toBeUndefined();
    expect(refusedMessage('["EVENT",null]')).toBeUndefined();
    expect(refusedMessage(`["REQ","s",${JSON.stringify('x'.repeat(70_000))}]`)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { blankOutputCount } from './blank-outputs.ts';
import {
  BAD_RESPONSE,
  checkFeesResponse,
  checkMeltResponse,
  checkPromisesResponse,
  checkRestoreResponse,
  checkSpendableResponse,
} from './mint-response.ts';

describe('blankOutputCount (NUT-08)', () => {
  it('is ceil(log2(fee)) but at least 1', () => {
    expect(blankOutputCount(0)).toBe(1);
    expect(blankOutputCount(1)).toBe(1);
    expect(blankOutputCount(2)).toBe(1);
    expect(blankOutputCount(3)).toBe(2);
    expect(blankOutputCount(4)).toBe(2);
    expect(blankOutputCount(5)).toBe(3);
    expect(blankOutputCount(1000)).toBe(10);
    expect(blankOutputCount(1024)).toBe(10);
    expect(blankOutputCount(1025)).toBe(11);
    expect(() => blankOutputCount(-1)).toThrow('Fee reserve must be a non-negative number');
  });
});

describe('mint response checks', () => {
  it("throws 'bad response' for each malformed answer", () => {
    expect(() => checkPromisesResponse({})).toThrow(BAD_RESPONSE);
    expect(() => checkPromisesResponse(null)).toThrow(BAD_RESPONSE);
    expect(() => checkMeltResponse({ paid: 'true', preimage: null })).toThrow(BAD_RESPONSE);
    expect(() => checkMeltResponse({ paid: true, preimage: 5 })).toThrow(BAD_RESPONSE);
    expect(() => checkMeltResponse({ paid: true })).toThrow(BAD_RESPONSE);
    expect(() => checkFeesResponse({ fee: '1' })).toThrow(BAD_RESPONSE);
    expect(() => checkSpendableResponse({ spendable: {} })).toThrow(BAD_RESPONSE);
    expect(() => checkRestoreResponse({ outputs: [] })).toThrow(BAD_RESPONSE);
    expect(() => checkRestoreResponse({ promises: [] })).toThrow(BAD_RESPONSE);
    expect(BAD_RESPONSE).toBe('bad response');
  });
  it('passes well-formed answers through', () => {
    expect(checkPromisesResponse({ promises: [] })).toEqual({ promises: [] });
    expect(checkMeltResponse({ paid: false, preimage: null })).toEqual({ paid: false, preimage: null, change: [] });
    expect(checkMeltResponse({ paid: true, preimage: 'ab', change: [] }).preimage).toBe('ab');
    expect(checkFeesResponse({ fee: 0 })).toEqual({ fee: 0 });
    expect(checkSpendableResponse({ spendable: [true] })).toEqual({ spendable: [true] });
    expect(checkRestoreResponse({ outputs: [], promises: [] })).toEqual({ outputs: [], promises: [] });
  });
});

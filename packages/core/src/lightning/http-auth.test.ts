import { finalizeEvent, generateSecretKey } from 'nostr-tools/pure';
import { describe, expect, it } from 'vitest';
import type { EventTemplate, NostrEvent } from '../nostr/event.ts';
import { HttpAuthError, httpAuthHeader, makeHttpAuthEvent, payloadHash, validateHttpAuth } from './http-auth.ts';

const key = generateSecretKey();
const sign = (t: EventTemplate): NostrEvent => finalizeEvent(t, key) as NostrEvent;
const url = 'https://api.example.com/upload?x=1';
const body = '{"file":"abc"}';
const NOW = 1_700_000_000;
const good = () => sign(makeHttpAuthEvent({ url, method: 'post', payload: body, createdAt: NOW }));

describe('HTTP auth (NIP-98)', () => {
  it('builds kind 27235 with u, method and payload sha256', () => {
    const t = makeHttpAuthEvent({ url, method: 'post', payload: body, createdAt: NOW });
    expect(t.kind).toBe(27235);
    expect(t.tags).toEqual([
      ['u', url],
      ['method', 'POST'],
      ['payload', payloadHash(body)],
    ]);
    expect(payloadHash('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
  it('accepts a fresh matching token as header or event', () => {
    const e = good();
    expect(validateHttpAuth(httpAuthHeader(e), { url, method: 'POST', payload: body, now: NOW + 60 }).id).toBe(e.id);
    expect(validateHttpAuth(e, { url, method: 'post', now: NOW - 60 }).id).toBe(e.id);
  });
  it('refuses each failure with its own message', () => {
    const e = good();
    const req = { url, method: 'POST', payload: body, now: NOW };
    expect(() => validateHttpAuth(e, { ...req, now: NOW + 61 })).toThrow(HttpAuthError.Stale);
    expect(() => validateHttpAuth(e, { ...req, now: NOW - 61 })).toThrow(HttpAuthError.Stale);
    expect(() => validateHttpAuth(e, { ...req, url: 'https://api.example.com/other' })).toThrow(HttpAuthError.Url);
    expect(() => validateHttpAuth(e, { ...req, method: 'GET' })).toThrow(HttpAuthError.Method);
    expect(() => validateHttpAuth(e, { ...req, payload: '{}' })).toThrow(HttpAuthError.Payload);
    const wrongKind = sign({ ...makeHttpAuthEvent({ url, method: 'POST', createdAt: NOW }), kind: 1 });
    expect(() => validateHttpAuth(wrongKind, req)).toThrow(HttpAuthError.WrongKind);
    expect(() => validateHttpAuth({ ...e, content: 'x' }, req)).toThrow(HttpAuthError.BadSignature);
    expect(() => validateHttpAuth('Nostr !!!', req)).toThrow(HttpAuthError.Malformed);
    const partial = `Nostr ${btoa(JSON.stringify({ tags: [], kind: 27235 }))}`;
    expect(() => validateHttpAuth(partial, req)).toThrow(HttpAuthError.BadSignature);
  });
});

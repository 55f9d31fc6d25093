/**
 * Regex source: an http(s) URL up to whitespace, `<`, `>`, `"`, an ellipsis, a zero-width space or CJK/full-width
 * punctuation (trailing ASCII punctuation is trimmed afterwards).
 */
export const URL_PATTERN = String.raw`(https?:\/\/[^\s<>"\u2026\u200B\u3000-\u303F\uFF01-\uFF0F\uFF1A-\uFF20\uFF5B-\uFF65]+)`;

/** Regex source: a NIP-19 reference with optional `nostr:` or `@` prefix; groups: prefix, bech32. */
export const NOSTR_REF_PATTERN = String.raw`(?<![\p{L}\p{N}_])(nostr:|@)?((?:npub|nprofile|note|nevent|naddr)1[02-9ac-hj-np-z]{6,})`;

/** Regex source: a hashtag of Unicode letters, marks, digits and underscores; group: the tag without '#'. */
export const HASHTAG_PATTERN = String.raw`(?<![\p{L}\p{N}\p{M}_&#/])#([\p{L}\p{N}\p{M}_]+)`;

const TRAILING = '.,;:!?\'"*_~';

/** The end of a URL match once sentence punctuation and an unbalanced closing bracket are trimmed. */
export function trimUrlEnd(text: string, start: number, end: number): number {
  let e = end;
  for (;;) {
    const c = text[e - 1];
    if (TRAILING.includes(c)) {
      e--;
      continue;
    }
    if (c === ')' || c === ']') {
      const open = c === ')' ? '(' : '[';
      let balance = 0;
      for (let i = start; i < e; i++) {
        if (text[i] === open) balance++;
        else if (text[i] === c) balance--;
      }
      if (balance < 0) {
        e--;
        continue;
      }
    }
    return e;
  }
}

/** Deepest nesting of arrays and objects an incoming frame may have (a REQ with a cache payload needs about 6). */
export const MAX_JSON_DEPTH = 100;

/** The reason given for a frame nested deeper than MAX_JSON_DEPTH. */
export const TOO_DEEP = `invalid: JSON nested deeper than ${MAX_JSON_DEPTH} levels`;

/**
 * Whether the JSON text nests arrays/objects deeper than `max`, read from the raw text before it is parsed (brackets
 * inside strings do not count), so a frame that would overflow a recursive walk later is refused before any work.
 */
export function jsonTooDeep(text: string, max: number = MAX_JSON_DEPTH): boolean {
  // most frames are far shallower than their bracket count: skip the scan when there are not enough brackets
  if (text.length <= max * 2) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) {
      inString = true;
    } else if (c === 91 /* [ */ || c === 123 /* { */) {
      depth++;
      if (depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) {
      depth--;
    }
  }
  return false;
}

/**
 * Mentions as the writer sees them: the text area shows `@Name`, and the draft keeps what each label stands for
 * (`{'@Name': 'nostr:nprofile1…'}`, the spec's noteDraftUserRefs); the note goes out with the references.
 */
export type MentionRefs = Record<string, string>;

const NAME_CHAR = /[\p{L}\p{N}_]/u;

/** The label shown for a mentioned user: `@` and their name with line breaks folded (at most 40 characters). */
export function mentionLabel(name: string): string {
  return `@${name.replace(/\s+/g, ' ').trim().slice(0, 40)}`;
}

/**
 * Adds `label → ref` to `refs` and returns the text to insert: the label, or the reference itself when the label
 * already stands for someone else (two people with one name stay apart) or is empty.
 */
export function addMentionRef(refs: MentionRefs, label: string, ref: string): { refs: MentionRefs; insert: string } {
  if (label.length < 2 || (refs[label] !== undefined && refs[label] !== ref)) return { refs, insert: ref };
  return { refs: { ...refs, [label]: ref }, insert: label };
}

/**
 * The text with every whole `@Name` label replaced by its reference (longest labels first; a label followed or
 * preceded by a letter or digit is another word and stays). Labels the writer edited away simply stay text.
 */
export function expandMentionRefs(text: string, refs: MentionRefs): string {
  const labels = Object.keys(refs).sort((a, b) => b.length - a.length);
  let out = text;
  for (const label of labels) {
    let from = 0;
    let next = '';
    for (let at = out.indexOf(label); at >= 0; at = out.indexOf(label, at + label.length)) {
      const before = at > 0 ? out[at - 1] : '';
      const after = out[at + label.length] ?? '';
      if ((before && NAME_CHAR.test(before)) || (after && NAME_CHAR.test(after))) continue;
      next += out.slice(from, at) + refs[label];
      from = at + label.length;
    }
    out = next + out.slice(from);
  }
  return out;
}

/** Only the labels still present in `text` (so a draft does not keep references the writer removed). */
export function usedMentionRefs(text: string, refs: MentionRefs): MentionRefs {
  return Object.fromEntries(Object.entries(refs).filter(([label]) => text.includes(label)));
}

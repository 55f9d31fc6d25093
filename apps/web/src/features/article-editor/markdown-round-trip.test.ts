import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { articleExtensions } from './markdown-extensions.ts';

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

/** Markdown → the editor's document → markdown. */
function roundTrip(markdown: string): string {
  editor = new Editor({ extensions: articleExtensions(), content: markdown, contentType: 'markdown' });
  return editor.getMarkdown();
}

describe('markdown round trip through the TipTap editor', () => {
  it('keeps headings, emphasis, lists, quotes, code, links and images', () => {
    const md = [
      '## A heading',
      '',
      'Some **bold**, *italic*, ~~struck~~ and `code` with a [link](https://example.com).',
      '',
      '- one',
      '- two',
      '',
      '1. first',
      '2. second',
      '',
      '> quoted',
      '',
      '```',
      'const x = 1;',
      '```',
      '',
      '![a picture](https://example.com/p.png)',
      '',
      'nostr:naddr1qqxnzdesxqmnxvpexqunzvpcqyt8wumn8ghj7un9d3shjtnwdaehgu3wvfskueqzypve7elhmamff3sr5mgxxms4a0rppkmhmn7504g4mavge2e5n5n6uqcyqqq823cg4dnd8',
    ].join('\n');
    const out = roundTrip(md);
    expect(out).toContain('## A heading');
    expect(out).toContain('**bold**');
    expect(out).toMatch(/\*italic\*|_italic_/);
    expect(out).toContain('~~struck~~');
    expect(out).toContain('`code`');
    expect(out).toContain('[link](https://example.com)');
    expect(out).toMatch(/^- one$/m);
    expect(out).toMatch(/^1\. first$/m);
    expect(out).toContain('> quoted');
    expect(out).toContain('const x = 1;');
    expect(out).toContain('![a picture](https://example.com/p.png)');
    expect(out).toContain('nostr:naddr1qqxnzdesxqmnxvpexqunzvpcqyt8wumn8ghj7un9d3sh');
    // A second pass changes nothing: what the editor writes is what it reads.
    expect(roundTrip(out)).toBe(out);
  });

  it('reads an empty body as empty', () => {
    expect(roundTrip('').trim()).toBe('');
  });
});

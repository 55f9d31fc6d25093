import { naddrEncode, neventEncode, npubEncode } from '@tide/core/nostr';
import { describe, expect, it } from 'vitest';
import { linkReferences, markdownToSafeHtml, markHighlights, renderArticle } from './article-markdown.ts';

const PK = 'cd'.repeat(32);
const ID = 'ab'.repeat(32);

function html(markdown: string): string {
  const segment = renderArticle(markdown)[0];
  return segment?.type === 'html' ? segment.html : '';
}

describe('markdownToSafeHtml', () => {
  it('renders markdown (headings, emphasis, lists, links, images)', () => {
    const out = markdownToSafeHtml(
      'Intro\n\n## Title\n\nSome *text* and [a link](https://example.com).\n\n- one\n- two\n\n![pic](https://example.com/a.png)',
    );
    expect(out).toContain('<h4>Title</h4>');
    expect(out).toContain('<em>text</em>');
    expect(out).toContain('href="https://example.com"');
    expect(out).toContain('rel="noopener noreferrer nofollow"');
    expect(out).toContain('<li>one</li>');
    expect(out).toContain('<img src="https://example.com/a.png" alt="pic">');
  });

  it('demotes headings below the article title (h1 → h3, never past h6)', () => {
    // (each starts with a paragraph: happy-dom's parser drops a leading element under DOMPurify; browsers do not)
    expect(markdownToSafeHtml('a\n\n# One')).toContain('<h3>One</h3>');
    expect(markdownToSafeHtml('a\n\n##### Five')).toContain('<h6>Five</h6>');
    expect(markdownToSafeHtml('a\n\n###### Six')).toContain('<h6>Six</h6>');
    expect(markdownToSafeHtml('a\n\n# One')).not.toContain('<h1');
  });

  it('leaves scripts, event handlers, javascript: links and iframes inert', () => {
    const hostile = [
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(2)">',
      '[click](javascript:alert(3))',
      '<a href="javascript:alert(4)">x</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<svg onload="alert(5)"></svg>',
    ].join('\n\n');
    const template = document.createElement('template');
    template.innerHTML = markdownToSafeHtml(hostile);
    const elements = [...template.content.querySelectorAll('*')];
    expect(elements.map((e) => e.tagName.toLowerCase())).not.toEqual(
      expect.arrayContaining(['script', 'iframe', 'svg', 'img']),
    );
    for (const element of elements) {
      for (const attr of [...element.attributes]) {
        expect(attr.name.startsWith('on'), attr.name).toBe(false);
        expect(attr.value.toLowerCase().startsWith('javascript:'), attr.value).toBe(false);
      }
    }
    expect(template.content.textContent).toContain('<script>alert(1)</script>');
  });

  it('lets only http(s) and same-origin addresses into links and images', () => {
    const out = markdownToSafeHtml(
      '![a](data:image/png;base64,AAAA) ![b](//evil.example/x.png) [c](vbscript:x) [d](/p/npub1x) ![e](https://ok.example/e.png)',
    );
    const template = document.createElement('template');
    template.innerHTML = out;
    const urls = [...template.content.querySelectorAll('[src], [href]')].map(
      (e) => e.getAttribute('src') ?? e.getAttribute('href'),
    );
    expect(urls).toEqual(['/p/npub1x', 'https://ok.example/e.png']);
  });

  it('keeps malformed markdown and huge texts as text', () => {
    expect(markdownToSafeHtml('**unclosed [link](')).toContain('**unclosed [link](');
    const big = markdownToSafeHtml('word '.repeat(100_000));
    expect(big.length).toBeGreaterThan(400_000);
  });
});

describe('renderArticle', () => {
  it('turns lines holding only a nostr: note or article into embeds, the rest into html', () => {
    const nevent = neventEncode({ id: ID });
    const naddr = naddrEncode({ kind: 30023, pubkey: PK, identifier: 'x' });
    const segments = renderArticle(`Intro\n\nnostr:${nevent}\n\nMiddle\nnostr:${naddr}\nEnd`);
    expect(segments.map((s) => s.type)).toEqual(['html', 'embed', 'html', 'embed', 'html']);
    const embed = segments[1];
    expect(embed?.type === 'embed' && embed.decoded.type).toBe('nevent');
  });

  it('links inline profile mentions by name, escaping markdown in the name', () => {
    const npub = npubEncode(PK);
    expect(linkReferences(`hi nostr:${npub}!`, () => 'Bob [x]')).toBe(`hi [@Bob \\[x\\]](/p/${npub})!`);
    const out = html(`hi nostr:${npub}`);
    expect(out).toContain(`href="/p/${npub}"`);
    expect(out).not.toContain('target="_blank"');
  });

  it('marks highlighted passages once', () => {
    const out = markHighlights('<p>the quick brown fox, the quick one</p>', ['quick brown']);
    expect(out).toBe('<p>the <mark data-highlight="">quick brown</mark> fox, the quick one</p>');
    expect(html('a **bold** claim')).toContain('<strong>bold</strong>');
    const marked = renderArticle('a bold claim here', { highlights: ['bold claim'] })[0];
    expect(marked?.type === 'html' && marked.html).toContain('<mark data-highlight="">bold claim</mark>');
  });
});

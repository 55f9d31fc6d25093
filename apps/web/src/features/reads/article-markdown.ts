import { isSafeUrl } from '@tide/core/format';
import { type DecodedNip19, tryDecodeNip19 } from '@tide/core/nostr';
import DOMPurify from 'dompurify';
import MarkdownIt from 'markdown-it';

/** A piece of an article: sanitised HTML from markdown, or a `nostr:` note/article reference shown as an embed. */
export type ArticleSegment = { type: 'html'; html: string } | { type: 'embed'; raw: string; decoded: DecodedNip19 };

/** Options of {@link renderArticle}. */
export interface RenderArticleOptions {
  /** The name shown for a mentioned profile (hex key), if known. */
  nameOf?: (pubkey: string) => string | undefined;
  /** Highlighted passages to mark in the text. */
  highlights?: readonly string[];
}

// Raw HTML in markdown is never passed through; markdown-it also refuses javascript:/vbscript:/data: links.
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: false });
// Links and images reach the page only through the app's one URL rule: http(s) or same-origin paths.
markdown.validateLink = (url) => isSafeUrl(url);

const NOSTR_REF = /nostr:((?:npub|nprofile|note|nevent|naddr)1[02-9ac-hj-np-z]+)/gi;
const EMBED_LINE = /^\s*nostr:((?:note|nevent|naddr)1[02-9ac-hj-np-z]+)\s*$/i;

// External links open in a new tab without handing the article's page to the target.
const defaultLinkOpen = markdown.renderer.rules.link_open;
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  if (token && /^https?:/i.test(String(token.attrGet('href') ?? ''))) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer nofollow');
  }
  return defaultLinkOpen ? defaultLinkOpen(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
};

// The page has one h1 (the screen heading) and the article title is an h2, so body headings start at h3.
const HEADING_SHIFT = 2;
for (const rule of ['heading_open', 'heading_close'] as const) {
  markdown.renderer.rules[rule] = (tokens, idx, options, _env, self) => {
    const token = tokens[idx];
    if (token) token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + HEADING_SHIFT)}`;
    return self.renderToken(tokens, idx, options);
  };
}

/** The app link of a decoded NIP-19 reference (profiles to /p, notes to /e, articles to /a). */
export function referenceHref(decoded: DecodedNip19, raw: string): string {
  if (decoded.type === 'npub' || decoded.type === 'nprofile') return `/p/${raw}`;
  if (decoded.type === 'naddr') return `/a/${raw}`;
  return `/e/${raw}`;
}

function escapeMarkdown(text: string): string {
  return text.replace(/[\\[\]()*_`<>#]/g, (c) => `\\${c}`);
}

/** Inline `nostr:` references become markdown links (profiles by name); malformed ones stay text. */
export function linkReferences(text: string, nameOf?: (pubkey: string) => string | undefined): string {
  return text.replace(NOSTR_REF, (whole, code: string) => {
    const decoded = tryDecodeNip19(code);
    if (!decoded || decoded.type === 'nsec') return whole;
    const href = referenceHref(decoded, code);
    if (decoded.type === 'npub' || decoded.type === 'nprofile') {
      const pubkey = decoded.type === 'npub' ? decoded.data : decoded.data.pubkey;
      const name = nameOf?.(pubkey) || `${code.slice(0, 12)}…`;
      return `[@${escapeMarkdown(name)}](${href})`;
    }
    return `[${code.slice(0, 16)}…](${href})`;
  });
}

/** Wraps the first occurrence of each highlight (within one text node) in `<mark>`. */
export function markHighlights(html: string, highlights: readonly string[]): string {
  const wanted = highlights.map((h) => h.trim()).filter((h) => h.length > 0);
  if (!wanted.length || typeof document === 'undefined') return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
  for (const text of wanted) {
    for (const node of nodes) {
      const at = node.data.indexOf(text);
      if (at < 0 || node.parentElement?.closest('mark')) continue;
      const match = node.splitText(at);
      match.splitText(text.length);
      const mark = document.createElement('mark');
      mark.setAttribute('data-highlight', '');
      match.replaceWith(mark);
      mark.append(match);
      break;
    }
  }
  return template.innerHTML;
}

/** Markdown to sanitised HTML (DOMPurify after markdown-it; no scripts, handlers or javascript: links survive). */
export function markdownToSafeHtml(text: string): string {
  return DOMPurify.sanitize(markdown.render(text), {
    USE_PROFILES: { html: true },
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form'],
  });
}

/**
 * Renders an article: lines holding only a `nostr:` note/event/article reference become embeds, everything else is
 * markdown (inline references linked) rendered with markdown-it and sanitised with DOMPurify, highlights marked.
 */
export function renderArticle(content: string, options: RenderArticleOptions = {}): ArticleSegment[] {
  const segments: ArticleSegment[] = [];
  let buffer: string[] = [];
  const flush = () => {
    if (!buffer.length) return;
    const html = markdownToSafeHtml(linkReferences(buffer.join('\n'), options.nameOf));
    segments.push({ type: 'html', html: markHighlights(html, options.highlights ?? []) });
    buffer = [];
  };
  for (const line of content.split('\n')) {
    const embed = EMBED_LINE.exec(line);
    const decoded = embed ? tryDecodeNip19(embed[1]) : null;
    if (embed && decoded) {
      flush();
      segments.push({ type: 'embed', raw: embed[1], decoded });
    } else {
      buffer.push(line);
    }
  }
  flush();
  return segments;
}

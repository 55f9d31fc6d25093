/** What a page says about itself (Open Graph, Twitter, meta, title, icon). */
export interface PageMeta {
  title: string;
  description: string;
  image: string;
  icon_url: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Decodes the HTML entities that appear in attribute values and titles. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[body.toLowerCase()] ?? whole;
  });
}

function attributes(tag: string): Map<string, string> {
  const attrs = new Map<string, string>();
  for (const m of tag.matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
    attrs.set(m[1].toLowerCase(), decodeEntities(m[3] ?? m[4] ?? m[5] ?? ''));
  }
  return attrs;
}

function absolute(value: string, base: string): string {
  if (!value) return '';
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : '';
  } catch {
    return '';
  }
}

/** Extracts title, description, image and icon from an HTML document (only its head is looked at). */
export function parseHtmlMeta(html: string, pageUrl: string): PageMeta {
  const headEnd = html.search(/<\/head>/i);
  const head = headEnd > 0 ? html.slice(0, headEnd) : html.slice(0, 200_000);
  const meta = new Map<string, string>();
  for (const m of head.matchAll(/<meta\b[^>]*>/gi)) {
    const attrs = attributes(m[0]);
    const key = (attrs.get('property') ?? attrs.get('name') ?? '').toLowerCase();
    const content = attrs.get('content');
    if (key && content !== undefined && !meta.has(key)) meta.set(key, content.trim());
  }
  let icon = '';
  for (const m of head.matchAll(/<link\b[^>]*>/gi)) {
    const attrs = attributes(m[0]);
    const rel = (attrs.get('rel') ?? '').toLowerCase().split(/\s+/);
    if ((rel.includes('icon') || rel.includes('apple-touch-icon')) && attrs.get('href')) {
      icon = attrs.get('href') ?? '';
      if (rel.includes('icon')) break;
    }
  }
  const titleTag = head.match(/<title[^>]*>([\s\S]*?)<\/title>/i);
  const pick = (...keys: string[]) => keys.map((k) => meta.get(k)).find((v) => v) ?? '';
  return {
    title:
      pick('og:title', 'twitter:title') ||
      decodeEntities(titleTag?.[1] ?? '')
        .replace(/\s+/g, ' ')
        .trim(),
    description: pick('og:description', 'twitter:description', 'description'),
    image: absolute(pick('og:image', 'og:image:url', 'twitter:image', 'twitter:image:src'), pageUrl),
    icon_url: absolute(icon || '/favicon.ico', pageUrl),
  };
}

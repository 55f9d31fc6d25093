import type { Prng } from './prng.ts';
import { ARTICLE_TOPICS, HASHTAGS, OPENERS, WORDS } from './vocabulary.ts';

/** A sentence of `min`–`max` words, capitalised and ending with a full stop. */
export function sentence(rng: Prng, min = 6, max = 14): string {
  const n = rng.int(min, max);
  const words: string[] = [];
  for (let i = 0; i < n; i++) words.push(rng.pick(WORDS));
  const s = words.join(' ');
  return `${s.charAt(0).toUpperCase()}${s.slice(1)}.`;
}

/** Body of a short note plus the hashtags it uses. */
export function noteBody(rng: Prng): { text: string; hashtags: string[] } {
  const hashtags = rng.sample(HASHTAGS, rng.weighted([3, 4, 2, 1]));
  let text = `${rng.pick(OPENERS)} ${rng.pick(WORDS)} ${rng.pick(WORDS)}. ${sentence(rng)}`;
  if (rng.chance(0.3)) text += ` ${sentence(rng)}`;
  if (hashtags.length > 0) text += ` ${hashtags.map((h) => `#${h}`).join(' ')}`;
  return { text, hashtags };
}

/** A generated long-form article: title, summary, topic, slug and markdown body. */
export interface ArticleText {
  title: string;
  summary: string;
  topic: string;
  slug: string;
  markdown: string;
  /** Plain sentences of the body (used for highlights). */
  sentences: string[];
}

/** Markdown article with headings, lists, links, code, a quote and an image (roughly 300–700 words). */
export function articleText(rng: Prng, n: number, imageUrl: string): ArticleText {
  const topic = rng.pick(ARTICLE_TOPICS);
  const titleWords = `${rng.pick(WORDS)} ${rng.pick(WORDS)}`;
  const title = `${topic}: notes on ${titleWords}`;
  const slug = `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${n}`;
  const sentences: string[] = [];
  const paragraph = (): string => {
    const p: string[] = [];
    for (let i = rng.int(4, 7); i > 0; i--) {
      const s = sentence(rng, 8, 18);
      sentences.push(s);
      p.push(s);
    }
    return p.join(' ');
  };
  const summary = sentence(rng, 10, 16);
  const sections: string[] = [`# ${title}`, '', paragraph(), '', `![${topic}](${imageUrl})`, ''];
  for (let s = 0; s < rng.int(2, 4); s++) {
    sections.push(`## ${rng.pick(WORDS)} and ${rng.pick(WORDS)}`, '', paragraph(), '');
    if (s === 0) {
      for (let i = 0; i < 3; i++) sections.push(`- ${sentence(rng, 3, 7)}`);
      sections.push('', `1. First, ${sentence(rng, 4, 8).toLowerCase()}`, `2. Then ${rng.pick(WORDS)}.`, '');
    }
    if (s === 1) {
      sections.push('```ts', `const ${rng.pick(WORDS)} = await relay.publish(event);`, '```', '');
      sections.push(`> ${sentence(rng)}`, '');
    }
  }
  sections.push(`Read more in [the NIPs](https://github.com/nostr-protocol/nips) and **${topic}** *notes*.`);
  return { title, summary, topic, slug, markdown: sections.join('\n'), sentences };
}

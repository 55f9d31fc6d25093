import type { NostrEvent } from '@tide/core/nostr';
import { Kind } from '@tide/core/nostr';
import { naddrEncode, neventEncode, noteEncode, npubEncode } from 'nostr-tools/nip19';
import { getConversationKey, encrypt as nip44Encrypt } from 'nostr-tools/nip44';
import { type ArticleText, articleText, noteBody, sentence } from './content-text.ts';
import { nip04EncryptWithIv } from './nip04-deterministic.ts';
import { carries, ecashLine, invoiceLine } from './rich-notes.ts';
import { videoOf } from './videos.ts';
import { LINKS, REACTIONS, REPLIES, ZAP_AMOUNTS, ZAP_MESSAGES } from './vocabulary.ts';
import { pickActiveUser, pictureImeta, pictureUrl, type SeedUser, type SeedWorld, signAs } from './world.ts';
import { zapReceipt } from './zap-events.ts';

/** A note kept in memory as a possible target (bounded ring). */
interface Post {
  event: NostrEvent;
  author: SeedUser;
  depth: number;
  rootId: string;
}

/** A published article kept as a target for highlights, zaps, bookmarks. */
export interface Article {
  event: NostrEvent;
  author: SeedUser;
  address: string;
  text: ArticleText;
}

const RING = 3000;

/** Mutable state of the content timeline: recent posts and articles. */
export class Timeline {
  private readonly roots: Post[] = [];
  private readonly replies: Post[] = [];
  readonly articles: Article[] = [];
  private rootsAt = 0;
  private repliesAt = 0;
  private articleNo = 0;
  private notesMade = 0;
  /** Recent highlights, quoted by some notes. */
  private readonly highlights: Post[] = [];
  private readonly convKeys = new Map<string, Uint8Array>();

  constructor(private readonly world: SeedWorld) {}

  private remember(list: Post[], post: Post, isRoot: boolean): void {
    if (list.length < RING) list.push(post);
    else if (isRoot) list[this.rootsAt++ % RING] = post;
    else list[this.repliesAt++ % RING] = post;
  }

  /** A post, mostly recent, biased towards popular authors (best of three draws). */
  private target(span = 150): Post | undefined {
    const { rng } = this.world;
    const pool = this.replies.length > 0 && rng.chance(0.25) ? this.replies : this.roots;
    if (pool.length === 0) return undefined;
    const recent = rng.chance(0.7);
    const draw = (): Post => (recent ? this.recent(pool, span) : rng.pick(pool));
    let best = draw();
    for (let i = 0; i < 2; i++) {
      const c = draw();
      if (c.author.weight > best.author.weight) best = c;
    }
    return best;
  }

  /** One of the `span` newest posts of a pool (the ring overwrites in place once full). */
  private recent(pool: Post[], span: number): Post {
    const newest = pool === this.roots ? this.rootsAt : this.repliesAt;
    const back = this.world.rng.int(0, Math.min(pool.length, span) - 1);
    const idx = pool.length < RING ? pool.length - 1 - back : (((newest - 1 - back) % RING) + RING) % RING;
    return pool[idx];
  }

  /** Recent posts (for bookmarks and mute lists). */
  recentPosts(n: number): NostrEvent[] {
    return this.world.rng.sample(this.roots, n).map((p) => p.event);
  }

  /** One content event at `t`, of a kind drawn from the activity mix. */
  step(t: number): NostrEvent {
    const { rng } = this.world;
    const choice = rng.weighted([24, 18, 33, 6, 3, 6, 1.2, 2.5]);
    if (this.roots.length < 20) return this.note(t);
    switch (choice) {
      case 1:
        return this.reply(t);
      case 2:
        return this.reaction(t);
      case 3:
        return this.repost(t);
      case 4:
        return this.quote(t);
      case 5:
        return this.zap(t);
      case 6:
        return this.articles.length > 0 ? this.highlight(t) : this.note(t);
      case 7:
        return this.directMessage(t);
      default:
        return this.note(t);
    }
  }

  /** A kind-1 note with hashtags and sometimes a mention, link, picture or embed. */
  note(t: number): NostrEvent {
    const { rng, users } = this.world;
    const author = pickActiveUser(this.world);
    const { text, hashtags } = noteBody(rng);
    let content = text;
    const tags: string[][] = hashtags.map((h) => ['t', h]);
    if (rng.chance(0.12)) {
      const other = rng.pick(users);
      content += ` cc nostr:${npubEncode(other.pubkey)}`;
      tags.push(['p', other.pubkey]);
    }
    if (rng.chance(0.12)) content += `\n${rng.pick(LINKS)}`;
    if (rng.chance(0.14)) {
      const url = pictureUrl(this.world);
      content += `\n${url}`;
      tags.push(['imeta', `url ${url}`, ...pictureImeta(this.world, url)]);
    }
    // some notes carry a lightning invoice, an ecash token or a quoted highlight, so the demo shows each kind
    const n = this.notesMade++;
    if (carries(n, 'video')) {
      const video = videoOf(this.world.publicUrl, n);
      content += `\n${video.url}`;
      tags.push(video.imeta);
    } else if (carries(n, 'invoice')) content += `\n${invoiceLine(this.world, t)}`;
    else if (carries(n, 'ecash')) content += `\n${ecashLine(this.world)}`;
    else if (carries(n, 'highlight') && this.highlights.length > 0) {
      const h = this.highlights[this.highlights.length - 1 - rng.int(0, Math.min(this.highlights.length, 20) - 1)];
      const ref = { id: h.event.id, author: h.author.pubkey, kind: Kind.Highlight, relays: [this.world.relayUrl] };
      content += `\nWhat a line: nostr:${neventEncode(ref)}`;
      tags.push(['q', h.event.id, this.world.relayUrl, h.author.pubkey]);
    }
    const event = signAs(this.world, author, { kind: Kind.Text, created_at: t, tags, content });
    this.remember(this.roots, { event, author, depth: 0, rootId: event.id }, true);
    return event;
  }

  /** A NIP-10 reply (marked root/reply tags), continuing existing threads so some get deep. */
  reply(t: number): NostrEvent {
    const { rng } = this.world;
    const useChain = this.replies.length > 0 && rng.chance(0.45);
    const parent = useChain ? this.recent(this.replies, 60) : this.target();
    if (!parent) return this.note(t);
    let author = pickActiveUser(this.world);
    if (author === parent.author) author = this.world.users[(author.index + 1) % this.world.users.length];
    const relay = this.world.relayUrl;
    const tags: string[][] = [];
    if (parent.depth === 0) tags.push(['e', parent.event.id, relay, 'root', parent.author.pubkey]);
    else {
      tags.push(['e', parent.rootId, relay, 'root']);
      tags.push(['e', parent.event.id, relay, 'reply', parent.author.pubkey]);
    }
    tags.push(['p', parent.author.pubkey]);
    const content = rng.chance(0.3) ? `${rng.pick(REPLIES)} ${sentence(rng, 12, 30)}` : rng.pick(REPLIES);
    const event = signAs(this.world, author, { kind: Kind.Text, created_at: t, tags, content });
    this.remember(this.replies, { event, author, depth: parent.depth + 1, rootId: parent.rootId }, false);
    return event;
  }

  /** A NIP-25 reaction (mostly '+'). */
  reaction(t: number): NostrEvent {
    const { rng } = this.world;
    const target = this.target();
    if (!target) return this.note(t);
    const author = pickActiveUser(this.world);
    const tags = [
      ['e', target.event.id, this.world.relayUrl],
      ['p', target.author.pubkey],
      ['k', String(target.event.kind)],
    ];
    return signAs(this.world, author, { kind: Kind.Reaction, created_at: t, tags, content: rng.pick(REACTIONS) });
  }

  /** A NIP-18 repost carrying the reposted note as JSON. */
  repost(t: number): NostrEvent {
    const target = this.target();
    if (!target) return this.note(t);
    const author = pickActiveUser(this.world);
    const tags = [
      ['e', target.event.id, this.world.relayUrl],
      ['p', target.author.pubkey],
    ];
    const content = JSON.stringify(target.event);
    return signAs(this.world, author, { kind: Kind.Repost, created_at: t, tags, content });
  }

  /** A quote: a note embedding `nostr:nevent…` (or an article's naddr) with a `q` tag. */
  quote(t: number): NostrEvent {
    const { rng } = this.world;
    const author = pickActiveUser(this.world);
    const { text, hashtags } = noteBody(rng);
    const tags: string[][] = hashtags.map((h) => ['t', h]);
    let ref: string;
    if (this.articles.length > 0 && rng.chance(0.15)) {
      const a = rng.pick(this.articles);
      ref = `nostr:${naddrEncode({ kind: Kind.LongForm, pubkey: a.author.pubkey, identifier: a.text.slug })}`;
      tags.push(['q', a.address, this.world.relayUrl], ['p', a.author.pubkey]);
    } else {
      const target = this.target();
      if (!target) return this.note(t);
      const id = target.event.id;
      ref = rng.chance(0.5)
        ? `nostr:${noteEncode(id)}`
        : `nostr:${neventEncode({ id, author: target.author.pubkey, relays: [this.world.relayUrl] })}`;
      tags.push(['q', id, this.world.relayUrl, target.author.pubkey], ['p', target.author.pubkey]);
    }
    const event = signAs(this.world, author, { kind: Kind.Text, created_at: t, tags, content: `${text}\n\n${ref}` });
    this.remember(this.roots, { event, author, depth: 0, rootId: event.id }, true);
    return event;
  }

  /** A zap receipt for a note or (sometimes) an article. */
  zap(t: number): NostrEvent {
    const { rng } = this.world;
    const sender = pickActiveUser(this.world);
    const amount = rng.pick(ZAP_AMOUNTS);
    const message = rng.pick(ZAP_MESSAGES);
    if (this.articles.length > 0 && rng.chance(0.2)) {
      const a = rng.pick(this.articles);
      return zapReceipt(
        this.world,
        sender,
        { id: a.event.id, pubkey: a.author.pubkey, address: a.address },
        amount,
        message,
        t,
      );
    }
    const target = this.target(30);
    if (!target) return this.note(t);
    return zapReceipt(this.world, sender, { id: target.event.id, pubkey: target.author.pubkey }, amount, message, t);
  }

  /** A zap receipt at `t` (or just after its note) for one of the `span` newest root notes: fresh "most zapped". */
  zapNewest(t: number, span: number): NostrEvent {
    const { rng } = this.world;
    if (this.roots.length === 0) return this.note(t);
    const target = this.recent(this.roots, span);
    let sender = pickActiveUser(this.world);
    if (sender === target.author) sender = this.world.users[(sender.index + 1) % this.world.users.length];
    const at = Math.max(t, target.event.created_at + 30);
    const amount = rng.pick(ZAP_AMOUNTS);
    const message = rng.pick(ZAP_MESSAGES);
    return zapReceipt(this.world, sender, { id: target.event.id, pubkey: target.author.pubkey }, amount, message, at);
  }

  /** A NIP-23 article (kind 30023) in markdown. */
  article(t: number): NostrEvent {
    const { rng, users } = this.world;
    const author = rng.chance(0.5) ? users[rng.int(0, Math.min(users.length, 40) - 1)] : pickActiveUser(this.world);
    const text = articleText(rng, this.articleNo++, pictureUrl(this.world));
    const tags = [
      ['d', text.slug],
      ['title', text.title],
      ['summary', text.summary],
      ['image', pictureUrl(this.world)],
      ['published_at', String(t)],
      ['t', text.topic.toLowerCase()],
      ['client', 'tide'],
    ];
    const event = signAs(this.world, author, { kind: Kind.LongForm, created_at: t, tags, content: text.markdown });
    this.articles.push({ event, author, address: `${Kind.LongForm}:${author.pubkey}:${text.slug}`, text });
    return event;
  }

  /** A NIP-84 highlight of a sentence of an article. */
  highlight(t: number): NostrEvent {
    const { rng } = this.world;
    const a = rng.pick(this.articles);
    const author = pickActiveUser(this.world);
    const quoteText = rng.pick(a.text.sentences);
    const tags = [
      ['a', a.address, this.world.relayUrl],
      ['p', a.author.pubkey, this.world.relayUrl, 'author'],
      ['context', quoteText],
      ['alt', 'highlight'],
    ];
    const event = signAs(this.world, author, { kind: Kind.Highlight, created_at: t, tags, content: quoteText });
    this.highlights.push({ event, author, depth: 0, rootId: event.id });
    if (this.highlights.length > 200) this.highlights.shift();
    return event;
  }

  /** A draft (kind 31234): an unsigned article NIP-44-encrypted to its author. */
  draft(t: number): NostrEvent {
    const { rng, users } = this.world;
    const author = rng.chance(0.6) ? users[rng.int(1, 3)] : users[rng.int(1, Math.min(users.length, 12) - 1)];
    const text = articleText(rng, this.articleNo++, pictureUrl(this.world));
    const unsigned = {
      kind: Kind.LongForm,
      pubkey: author.pubkey,
      created_at: t,
      tags: [
        ['d', text.slug],
        ['title', text.title],
        ['summary', text.summary],
      ],
      content: text.markdown,
    };
    const key = this.conversationKey(author, author.pubkey);
    const content = nip44Encrypt(JSON.stringify(unsigned), key, rng.bytes(32));
    const tags = [
      ['d', `draft-${text.slug}`],
      ['k', String(Kind.LongForm)],
      ['client', 'tide'],
    ];
    return signAs(this.world, author, { kind: Kind.Draft, created_at: t, tags, content });
  }

  /** A NIP-04 DM, mostly involving the demo accounts. */
  directMessage(t: number): NostrEvent {
    const { rng, users } = this.world;
    const demo = users[rng.int(1, 3)];
    const other = rng.chance(0.3) ? users[rng.int(1, 3)] : pickActiveUser(this.world);
    const peer = other === demo ? users[(demo.index % 3) + 1] : other;
    const [from, to] = rng.chance(0.5) ? [demo, peer] : [peer, demo];
    const content = nip04EncryptWithIv(
      from.secretKey,
      to.pubkey,
      `${rng.pick(REPLIES)} ${sentence(rng)}`,
      rng.bytes(16),
    );
    return signAs(this.world, from, {
      kind: Kind.EncryptedDirectMessage,
      created_at: t,
      tags: [['p', to.pubkey]],
      content,
    });
  }

  private conversationKey(user: SeedUser, peer: string): Uint8Array {
    const k = `${user.pubkey}:${peer}`;
    let key = this.convKeys.get(k);
    if (!key) {
      key = getConversationKey(user.secretKey, peer);
      this.convKeys.set(k, key);
    }
    return key;
  }
}

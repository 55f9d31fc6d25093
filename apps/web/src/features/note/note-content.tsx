import { type Token, tokenize } from '@tide/core/content';
import type { Page } from '@tide/core/model';
import type { Tag } from '@tide/core/nostr';
import { Fragment, type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import styles from './note.module.css';
import { CashuCard, EmbedPlayer, InvoiceCard, LinkCard } from './note-embeds.tsx';
import { Gallery, NoteImage, NoteVideo } from './note-media.tsx';
import { NostrReference } from './note-references.tsx';

/** A run of tokens to render: one token, or several images shown as a gallery. */
export type Block = { type: 'token'; token: Token } | { type: 'gallery'; urls: string[] };

/** Groups images that follow each other (only whitespace between) into galleries. */
export function groupImages(tokens: readonly Token[]): Block[] {
  const blocks: Block[] = [];
  let run: string[] = [];
  let gap: Token[] = [];
  const flush = () => {
    if (run.length === 1) blocks.push({ type: 'token', token: { type: 'image', url: run[0] } });
    else if (run.length > 1) blocks.push({ type: 'gallery', urls: run });
    run = [];
    for (const token of gap) blocks.push({ type: 'token', token });
    gap = [];
  };
  for (const token of tokens) {
    if (token.type === 'image') {
      gap = [];
      run.push(token.url);
    } else if (run.length && token.type === 'text' && token.text.trim() === '') {
      gap.push(token);
    } else {
      flush();
      blocks.push({ type: 'token', token });
    }
  }
  flush();
  return blocks;
}

/** One token as React elements (never HTML). */
export function TokenView({ token, page, depth }: { token: Token; page?: Page; depth: number }): ReactNode {
  switch (token.type) {
    case 'text':
      return token.text;
    case 'link':
      return <LinkCard url={token.url} page={page} />;
    case 'image':
      return <NoteImage url={token.url} page={page} />;
    case 'video':
      return <NoteVideo url={token.url} page={page} />;
    case 'embed':
      return <EmbedPlayer token={token} />;
    case 'invoice':
      return <InvoiceCard invoice={token.invoice} />;
    case 'cashu':
      return <CashuCard token={token.token} />;
    case 'hashtag':
      return (
        <Link className={styles.hashtag} to={`/search/${encodeURIComponent(`#${token.tag}`)}`}>
          #{token.tag}
        </Link>
      );
    case 'nostr':
      return <NostrReference decoded={token.decoded} raw={token.raw} page={page} depth={depth + 1} />;
  }
}

/** A note's text rendered from core's tokens: links, media, embeds, invoices, cashu, hashtags, mentions, quotes. */
export function NoteContent({
  content,
  tags,
  page,
  depth = 0,
}: {
  content: string;
  tags?: readonly Tag[];
  page?: Page;
  depth?: number;
}) {
  const blocks = useMemo(() => groupImages(tokenize(content, { tags })), [content, tags]);
  return (
    <div className={styles.content} data-testid="note-content">
      {blocks.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks are derived from immutable text in order
        <Fragment key={i}>
          {block.type === 'gallery' ? (
            <Gallery urls={block.urls} page={page} />
          ) : (
            <TokenView token={block.token} page={page} depth={depth} />
          )}
        </Fragment>
      ))}
    </div>
  );
}

import { fetchEvents } from '@tide/core/cache';
import { profileLink } from '@tide/core/format';
import { buildArticle, buildNote, emptyUser, type Note, type Page } from '@tide/core/model';
import { type DecodedNip19, naddrEncode, noteEncode } from '@tide/core/nostr';
import { Link } from 'react-router';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { useT } from '../../i18n/intl.tsx';
import styles from './note.module.css';
import { userName } from './note-author.tsx';

/** A NIP-19 reference inside a note: profile link, embedded note or embedded article. */
export function NostrReference({
  decoded,
  raw,
  page,
  depth,
}: {
  decoded: DecodedNip19;
  raw: string;
  page?: Page;
  depth: number;
}) {
  switch (decoded.type) {
    case 'npub':
      return <ProfileMention pubkey={decoded.data} page={page} />;
    case 'nprofile':
      return <ProfileMention pubkey={decoded.data.pubkey} page={page} relays={decoded.data.relays} />;
    case 'note':
      return <EmbeddedNote id={decoded.data} page={page} depth={depth} />;
    case 'nevent':
      return <EmbeddedNote id={decoded.data.id} page={page} depth={depth} />;
    case 'naddr':
      return (
        <EmbeddedArticle
          coordinate={`${decoded.data.kind}:${decoded.data.pubkey}:${decoded.data.identifier}`}
          href={`/a/${naddrEncode(decoded.data)}`}
          page={page}
        />
      );
    default:
      return <span>{raw}</span>;
  }
}

/** `@name` linking to the profile (spec §2 link rule); the short npub when the profile is unknown. */
export function ProfileMention({ pubkey, page, relays }: { pubkey: string; page?: Page; relays?: string[] }) {
  const user = page?.users[pubkey] ?? emptyUser(pubkey);
  return (
    <Link className={styles.mention} to={profileLink(pubkey, page?.verifiedNames[pubkey], relays)}>
      @{userName(user)}
    </Link>
  );
}

/** A quoted note from the page's mentions, else fetched by id (`events`); a link to the thread until then. */
export function EmbeddedNote({ id, page, depth }: { id: string; page?: Page; depth: number }) {
  const event = page?.mentions[id];
  const note = page && event ? buildNote(event, page) : undefined;
  if (note || depth > 1) return <QuotedNote id={id} note={note} />;
  return <FetchedQuote id={id} />;
}

function FetchedQuote({ id }: { id: string }) {
  const query = useCacheQuery(['event', id], (client, signal) =>
    fetchEvents(client, { event_ids: [id], extended_response: true }, { signal }),
  );
  const fetched = query.data?.notes.find((n) => n.id === id);
  return <QuotedNote id={id} note={fetched} />;
}

function QuotedNote({ id, note }: { id: string; note?: Note }) {
  const t = useT();
  const href = `/e/${noteEncode(id)}`;
  if (!note) {
    return (
      <Link className={styles.link} to={href}>
        {t('note.quotedNote')}
      </Link>
    );
  }
  return (
    <Link className={styles.embeddedNote} to={href} data-testid="embedded-note">
      <span className={styles.embeddedAuthor}>{userName(note.user)}</span>
      <span className={styles.embeddedText}>{note.content.slice(0, 500)}</span>
    </Link>
  );
}

/** An article reference: title and summary from the page's mentions, else a link. */
export function EmbeddedArticle({ coordinate, href, page }: { coordinate: string; href: string; page?: Page }) {
  const t = useT();
  const event = page?.mentions[coordinate];
  if (!page || !event) {
    return (
      <Link className={styles.link} to={href}>
        {t('note.article')}
      </Link>
    );
  }
  const article = buildArticle(event, page);
  return (
    <Link className={styles.embeddedNote} to={href} data-testid="embedded-article">
      <strong>{article.title || t('note.article')}</strong>
      {article.summary ? <span className={styles.embeddedText}>{article.summary}</span> : null}
    </Link>
  );
}

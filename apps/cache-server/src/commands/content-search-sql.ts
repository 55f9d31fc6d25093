import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { StoreDialect } from '../store/index.ts';
import type { SearchLeaf, SearchNode } from './content-search-terms.ts';

/*
 * SQL of an advanced-search condition tree over `search_notes sn` with `event_stats es` and `search_metadata sm`
 * left-joined. Every leaf is one boolean expression, so AND / OR / NOT compose as the query says. Full text is FTS5
 * MATCH on SQLite and a 'simple' tsquery on PostgreSQL over the same alphanumeric tokens.
 */

/** What leaves need beyond themselves: the dialect, the viewer (scopes) and `minscore:` percentiles resolved. */
export interface SearchSqlEnv {
  dialect: StoreDialect;
  viewer: string;
  /** Absolute score of a 0–100 percentile of today's trending scores. */
  scoreAt: (percent: number) => number;
  /**
   * Full-text leaves only filter rows (SQLite `+sn.rowid IN ...`, PostgreSQL `ts_match_vq`), so the plan walks notes
   * in another order (newest first; PostgreSQL's likes walk) and stops at the page instead of reading every match
   * (worth it when every required term matches many notes).
   */
  textFilterOnly?: boolean;
}

type Cond = RawBuilder<SqlBool>;

const STAT_SQL: Record<string, string> = {
  likes: 'es.likes',
  zaps: 'es.zaps',
  replies: 'es.replies',
  reposts: 'es.reposts',
  satszapped: 'es.satszapped',
  score: 'es.score',
  interactions: '(es.likes + es.replies + es.reposts + es.zaps)',
};

/** SQL of a stat for ordering and bounds (0 when the note has no stats row). */
export function statSql(stat: string): RawBuilder<number> {
  return sql<number>`coalesce(${sql.raw(STAT_SQL[stat])}, 0)`;
}

/** The FTS5 MATCH string of text leaves that must all hold: each one's tokens as a phrase, joined by AND. */
export function ftsMatch(phrases: ReadonlyArray<readonly string[]>): string {
  return phrases.map((tokens) => `"${tokens.join(' ')}"`).join(' AND ');
}

/** SQLite: the notes matching every phrase, as one FTS5 query (FTS5 intersects the lists, not SQL). */
function ftsSql(phrases: ReadonlyArray<readonly string[]>, filterOnly: boolean): Cond {
  const rowid = sql.raw(filterOnly ? '+sn.rowid' : 'sn.rowid');
  return sql<SqlBool>`${rowid} IN (SELECT rowid FROM search_notes_fts WHERE search_notes_fts MATCH ${ftsMatch(phrases)})`;
}

/**
 * PostgreSQL: the 'simple' tsquery of a word or phrase. PostgreSQL's parser keeps a host (`nostr.com`, also `1.2`) as
 * one token where FTS5 and our query tokens see two, so tokens that a dot could join also match that one token:
 * `nostr.com` and the phrase "nostr com" find "nostr.com" on both dialects.
 */
function tsquerySql(tokens: readonly string[]) {
  if (tokens.length === 1) return sql`plainto_tsquery('simple', ${tokens[0]})`;
  return sql`(phraseto_tsquery('simple', ${tokens.join(' ')}) || plainto_tsquery('simple', ${tokens.join('.')}))`;
}

/**
 * PostgreSQL: a word or phrase matched against the note's tsvector. As a filter only it is `ts_match_vq` (what `@@`
 * calls), which the GIN index cannot serve, so the plan walks another order and checks each row.
 */
export function pgTextSql(tokens: readonly string[], filterOnly: boolean): Cond {
  return filterOnly
    ? sql<SqlBool>`ts_match_vq(sn.tsv, ${tsquerySql(tokens)})`
    : sql<SqlBool>`sn.tsv @@ ${tsquerySql(tokens)}`;
}

function textSql(tokens: string[], dialect: StoreDialect, filterOnly: boolean): Cond {
  if (dialect === 'postgres') return pgTextSql(tokens, filterOnly);
  return ftsSql([tokens], filterOnly);
}

function follows(viewer: string) {
  return sql`SELECT f.pubkey FROM pubkey_followers f WHERE f.follower_pubkey = ${viewer}`;
}

function network(viewer: string) {
  return sql`SELECT f2.pubkey FROM pubkey_followers f1 JOIN pubkey_followers f2 ON f2.follower_pubkey = f1.pubkey
    WHERE f1.follower_pubkey = ${viewer}`;
}

/** Replies whose parent (by id, or by address for articles) matches `parent` (a condition on `p` / `r`). */
function replyParentSql(parent: Cond): Cond {
  return sql<SqlBool>`EXISTS (SELECT 1 FROM event_replies r LEFT JOIN events p ON p.id = r.parent_id
    WHERE r.reply_id = sn.event_id AND ${parent})`;
}

function scopeSql(scope: string, viewer: string): Cond {
  switch (scope) {
    case 'myfollows':
      return sql<SqlBool>`sn.pubkey IN (${follows(viewer)})`;
    case 'notmyfollows':
      return sql<SqlBool>`sn.pubkey NOT IN (${follows(viewer)})`;
    case 'mynetwork':
      return sql<SqlBool>`(sn.pubkey IN (${follows(viewer)}) OR sn.pubkey IN (${network(viewer)}))`;
    case 'myfollowsinteractions':
      return sql<SqlBool>`(sn.pubkey = ${viewer} OR sn.pubkey IN (${follows(viewer)}) OR EXISTS (
        SELECT 1 FROM event_pubkey_actions a WHERE a.event_id = sn.event_id AND a.pubkey IN (${follows(viewer)})))`;
    case 'mynetworkinteractions':
      return sql<SqlBool>`EXISTS (SELECT 1 FROM event_pubkey_actions a WHERE a.event_id = sn.event_id
        AND (a.pubkey IN (${follows(viewer)}) OR a.pubkey IN (${network(viewer)})))`;
    case 'mutedbyothers':
      return sql<SqlBool>`sn.pubkey IN (SELECT m.value FROM list_items m WHERE m.kind = 10000 AND m.tag = 'p')`;
    default:
      // mynotifications: notes behind the viewer's notifications, follows and unfollows aside
      return sql<SqlBool>`EXISTS (SELECT 1 FROM notifications n WHERE n.pubkey = ${viewer} AND n.type NOT IN (1, 2)
        AND (n.target_event_id = sn.event_id OR n.source_event_id = sn.event_id))`;
  }
}

/**
 * A LIKE over a search_metadata column. PostgreSQL gets it as EXISTS so the planner sees the column's statistics:
 * `coalesce(sm.x, '')` over the left join hid them, and it read every text match (`coffee filter:image` 480 → 21 ms).
 */
function metadataLike(column: 'filters' | 'url_words', pattern: string, dialect: StoreDialect): Cond {
  const col = sql.raw(column);
  if (dialect === 'postgres') {
    return sql<SqlBool>`EXISTS (SELECT 1 FROM search_metadata f WHERE f.event_id = sn.event_id AND f.${col} LIKE ${pattern})`;
  }
  return sql<SqlBool>`coalesce(sm.${col}, '') LIKE ${pattern}`;
}

function cmp(op: '>=' | '<='): RawBuilder<unknown> {
  return sql.raw(op);
}

function leafSql(leaf: SearchLeaf, env: SearchSqlEnv): Cond {
  switch (leaf.type) {
    case 'text':
      return textSql(leaf.tokens, env.dialect, env.textFilterOnly === true);
    case 'hashtag':
      return sql<SqlBool>`EXISTS (SELECT 1 FROM event_hashtags h WHERE h.event_id = sn.event_id AND h.hashtag = ${leaf.tag})`;
    case 'since':
      return sql<SqlBool>`sn.created_at >= ${leaf.at}`;
    case 'until':
      return sql<SqlBool>`sn.created_at <= ${leaf.at}`;
    case 'from':
      return sql<SqlBool>`sn.pubkey = ${leaf.pubkey}`;
    case 'fromPack':
      return sql<SqlBool>`sn.pubkey IN (SELECT l.value FROM list_items l WHERE l.pubkey = ${leaf.pubkey}
        AND l.kind = 39089 AND l.identifier = ${leaf.identifier} AND l.tag = 'p')`;
    case 'fromName':
      return sql<SqlBool>`sn.pubkey IN (SELECT v.pubkey FROM verified_users v WHERE v.name = ${leaf.name})`;
    case 'to':
      return replyParentSql(sql<SqlBool>`(p.pubkey = ${leaf.pubkey} OR r.parent_address LIKE ${`%:${leaf.pubkey}:%`})`);
    case 'repliestokind':
      return replyParentSql(sql<SqlBool>`(p.kind = ${leaf.kind} OR r.parent_address LIKE ${`${leaf.kind}:%`})`);
    case 'mention':
      return sql<SqlBool>`EXISTS (SELECT 1 FROM event_tags t WHERE t.event_id = sn.event_id AND t.name = 'p'
        AND t.value = ${leaf.pubkey})`;
    case 'ref':
      return sql<SqlBool>`EXISTS (SELECT 1 FROM event_tags t WHERE t.event_id = sn.event_id AND t.name = ${leaf.tag}
        AND t.value = ${leaf.value})`;
    case 'zappedby':
      return sql<SqlBool>`EXISTS (SELECT 1 FROM zap_receipts z WHERE z.target_event_id = sn.event_id
        AND z.sender = ${leaf.pubkey})`;
    case 'following':
      return sql<SqlBool>`sn.pubkey IN (${follows(leaf.pubkey)})`;
    case 'kind':
      return sql<SqlBool>`sn.kind = ${leaf.kind}`;
    case 'root':
      return sql<SqlBool>`NOT EXISTS (SELECT 1 FROM event_replies r WHERE r.reply_id = sn.event_id)`;
    case 'event':
      return sql<SqlBool>`sn.event_id = ${leaf.id}`;
    case 'address':
      return sql<SqlBool>`sn.event_id IN (SELECT x.event_id FROM replaceable_events x WHERE x.kind = ${leaf.kind}
        AND x.pubkey = ${leaf.pubkey} AND x.identifier = ${leaf.identifier})`;
    case 'filter':
      return metadataLike('filters', `% ${leaf.filter} %`, env.dialect);
    case 'url':
      return metadataLike('url_words', `% ${leaf.word} %`, env.dialect);
    case 'orientation':
      return leaf.vertical
        ? sql<SqlBool>`(sm.width > 0 AND sm.height > 1.8 * sm.width)`
        : sql<SqlBool>`(sm.height > 0 AND sm.height < 1.8 * sm.width)`;
    case 'duration':
      return sql<SqlBool>`(sm.duration > 0 AND sm.duration ${cmp(leaf.cmp)} ${leaf.value})`;
    case 'words':
      return sql<SqlBool>`EXISTS (SELECT 1 FROM reads w WHERE w.latest_event_id = sn.event_id
        AND w.words ${cmp(leaf.cmp)} ${leaf.value})`;
    case 'maxchars':
      return sql<SqlBool>`length(sn.content) <= ${leaf.value}`;
    case 'longreplies':
      // Long replies by humans (semantics §1.3 note_stats): without TrustRank, human = not flagged as spam, the
      // rule ingest's isTrusted applies to replies, likes and scores.
      return sql<SqlBool>`(SELECT count(*) FROM event_replies r JOIN events e ON e.id = r.reply_id
        WHERE r.parent_id = sn.event_id AND length(e.content) >= 600 AND NOT EXISTS (SELECT 1 FROM filter_list fl
          WHERE fl.target = e.pubkey AND fl.grp = 'spam' AND fl.blocked = 1)) >= ${leaf.value}`;
    case 'stat': {
      const value = leaf.stat === 'score' ? env.scoreAt(leaf.value) : leaf.value;
      return sql<SqlBool>`${statSql(leaf.stat)} ${cmp(leaf.cmp)} ${value}`;
    }
    case 'sentiment':
      return sql<SqlBool>`sm.sentiment = ${leaf.sentiment}`;
    case 'lang':
      return sql<SqlBool>`sm.lang = ${leaf.lang}`;
    case 'scope':
      return scopeSql(leaf.scope, env.viewer);
    case 'feature':
      return leaf.feature === 'summary'
        ? sql<SqlBool>`EXISTS (SELECT 1 FROM reads s WHERE s.latest_event_id = sn.event_id AND s.summary <> ''
            AND s.image <> '')`
        : sql<SqlBool>`EXISTS (SELECT 1 FROM list_items b WHERE b.kind = 10003 AND b.tag = 'e'
            AND b.value = sn.event_id AND b.pubkey IN (${follows(env.viewer)}))`;
    default:
      // orderby / pas never reach here (parseSearchQuery keeps them out of the tree)
      return sql<SqlBool>`1 = 1`;
  }
}

/** The SQL condition of a node (AND / OR / NOT of its leaves). */
export function nodeSql(node: SearchNode, env: SearchSqlEnv): Cond {
  if (node.type === 'and' && env.dialect === 'sqlite') {
    // the words and phrases of one AND go to FTS5 together
    const texts = node.nodes.flatMap((n) => (n.type === 'text' ? [n.tokens] : []));
    if (texts.length > 1) {
      const rest = node.nodes.filter((n) => n.type !== 'text').map((n) => nodeSql(n, env));
      const parts = [ftsSql(texts, env.textFilterOnly === true), ...rest];
      return sql<SqlBool>`(${sql.join(parts, sql.raw(' AND '))})`;
    }
  }
  if (node.type === 'and' || node.type === 'or') {
    const parts = node.nodes.map((n) => nodeSql(n, env));
    return sql<SqlBool>`(${sql.join(parts, sql.raw(node.type === 'and' ? ' AND ' : ' OR '))})`;
  }
  if (node.type === 'not') return sql<SqlBool>`((${nodeSql(node.node, env)}) IS NOT TRUE)`;
  return leafSql(node, env);
}

/** Word/phrase leaves every result must match (the root, or the root AND's direct children). */
export function requiredText(root: SearchNode): string[][] {
  if (root.type === 'text') return [root.tokens];
  if (root.type !== 'and') return [];
  return root.nodes.flatMap((n) => (n.type === 'text' ? [n.tokens] : []));
}

/** `minscore:`/`maxscore:` percentiles of a tree (to resolve before building SQL). */
export function scorePercentiles(node: SearchNode | null): number[] {
  if (!node) return [];
  if (node.type === 'and' || node.type === 'or') return node.nodes.flatMap(scorePercentiles);
  if (node.type === 'not') return scorePercentiles(node.node);
  return node.type === 'stat' && node.stat === 'score' ? [node.value] : [];
}

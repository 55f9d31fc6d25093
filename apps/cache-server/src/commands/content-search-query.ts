import { bareLeaf, textTokens } from './content-search-operators.ts';
import type { OrderStat, SearchNode } from './content-search-terms.ts';
import { CommandError } from './context.ts';

export { parseSearchDate } from './content-search-operators.ts';

/** A parsed advanced-search query (protocol §4.3, semantics §1.7). */
export interface ParsedSearch {
  /** The boolean condition tree (null: no condition). */
  root: SearchNode | null;
  /** `orderby:` (top level only); default order is by time. */
  orderBy?: OrderStat;
  /** Most results a page may hold (`pas:1` caps it at 20). */
  cap?: number;
  /** Kinds named by `kind:` at the top level (all must hold): decide users (0) and articles (30023). */
  topKinds: number[];
  /** True when some `kind:` appears anywhere (else the default kinds apply). */
  anyKind: boolean;
  /** Words and phrases at the top level (the text of a `kind:0` user search). */
  topText: string[];
}

type Token =
  | { t: 'open'; neg: boolean }
  | { t: 'close' }
  | { t: 'or' }
  | { t: 'phrase'; text: string; neg: boolean }
  | { t: 'bare'; text: string; neg: boolean };

const SIGNS = new Set([':)', ':(', ':|']);

/** Splits a query into tokens: ( ), OR, "phrases", bare words; a leading '-' negates the next one. */
function tokenize(query: string): Token[] {
  const out: Token[] = [];
  const s = query.replace(/\s/g, ' ');
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (c === ' ') {
      i++;
    } else if (c === ')') {
      out.push({ t: 'close' });
      i++;
    } else {
      const neg = c === '-' && i + 1 < s.length && s[i + 1] !== ' ';
      const at = neg ? i + 1 : i;
      if (s[at] === '(') {
        out.push({ t: 'open', neg });
        i = at + 1;
      } else if (s[at] === '"') {
        const close = s.indexOf('"', at + 1);
        const stop = close < 0 ? s.length : close;
        out.push({ t: 'phrase', text: s.slice(at + 1, stop), neg });
        i = stop + 1;
      } else {
        let end = at;
        if (SIGNS.has(s.slice(at, at + 2))) end = at + 2;
        else while (end < s.length && s[end] !== ' ' && s[end] !== ')') end++;
        const text = s.slice(at, end);
        out.push(text === 'OR' && !neg ? { t: 'or' } : { t: 'bare', text, neg });
        i = end;
      }
    }
  }
  return out;
}

function negate(node: SearchNode, neg: boolean): SearchNode {
  return neg ? { type: 'not', node } : node;
}

function joined(type: 'and' | 'or', nodes: SearchNode[]): SearchNode | null {
  if (nodes.length === 0) return null;
  if (nodes.length === 1) return nodes[0];
  return type === 'and' ? { type: 'and', nodes } : { type: 'or', nodes };
}

/** Recursive descent: or := and (OR and)*; and := unit+; unit := ( or ) | phrase | bare. OR binds loosest. */
class Parser {
  private at = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly now: number,
  ) {}

  parse(): SearchNode | null {
    const node = this.or();
    if (this.at < this.tokens.length) throw new CommandError('invalid search query: unbalanced parentheses');
    return node;
  }

  private or(): SearchNode | null {
    const sides = [this.and()];
    while (this.tokens[this.at]?.t === 'or') {
      this.at++;
      sides.push(this.and());
    }
    if (sides.length > 1 && sides.some((s) => s === null)) {
      throw new CommandError('invalid search query: OR needs a term on each side');
    }
    return joined(
      'or',
      sides.filter((s): s is SearchNode => s !== null),
    );
  }

  private and(): SearchNode | null {
    const nodes: SearchNode[] = [];
    for (let tok = this.tokens[this.at]; tok && tok.t !== 'or' && tok.t !== 'close'; tok = this.tokens[this.at]) {
      this.at++;
      let node: SearchNode | null;
      if (tok.t === 'open') {
        node = this.or();
        if (this.tokens[this.at]?.t !== 'close') throw new CommandError('invalid search query: unbalanced parentheses');
        this.at++;
      } else if (tok.t === 'phrase') {
        const tokens = textTokens(tok.text);
        node = tokens.length > 0 ? { type: 'text', tokens } : null;
      } else {
        node = bareLeaf(tok.text, this.now);
      }
      if (node) nodes.push(negate(node, 'neg' in tok && tok.neg));
    }
    return joined('and', nodes);
  }
}

function topLevel(root: SearchNode | null): SearchNode[] {
  if (!root) return [];
  return root.type === 'and' ? root.nodes : [root];
}

function hasType(node: SearchNode, type: string): boolean {
  if (node.type === type) return true;
  if (node.type === 'and' || node.type === 'or') return node.nodes.some((n) => hasType(n, type));
  if (node.type === 'not') return hasType(node.node, type);
  return false;
}

/** Parses a query into its condition tree and top-level modifiers; malformed or unsupported parts are a NOTICE. */
export function parseSearchQuery(query: string, now: number): ParsedSearch {
  const parsed = new Parser(tokenize(query), now).parse();
  const top = topLevel(parsed);
  const out: ParsedSearch = { root: null, topKinds: [], anyKind: false, topText: [] };
  const conditions: SearchNode[] = [];
  for (const node of top) {
    if (node.type === 'orderby') out.orderBy = node.stat;
    else if (node.type === 'pas') out.cap = 20;
    else conditions.push(node);
    if (node.type === 'kind') out.topKinds.push(node.kind);
    if (node.type === 'text') out.topText.push(node.tokens.join(' '));
  }
  for (const node of conditions) {
    if (hasType(node, 'orderby') || hasType(node, 'pas')) {
      throw new CommandError('invalid search query: orderby: and pas: go at the top level, not inside OR, ( ) or -');
    }
  }
  out.root = joined('and', conditions);
  out.anyKind = out.root !== null && hasType(out.root, 'kind');
  return out;
}

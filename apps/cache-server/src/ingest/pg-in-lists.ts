import {
  BinaryOperationNode,
  type KyselyPlugin,
  OperationNodeTransformer,
  OperatorNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  sql,
  type Transaction,
  TupleNode,
  type UnknownRow,
  ValueListNode,
  ValueNode,
} from 'kysely';
import { pgArrayLiteral } from '../store/pg-array-literal.ts';
import type { Database } from '../store/schema.ts';
import type { IngestContext } from './context.ts';

/*
 * Ingest's look-ups send lists of up to 500 ids (`id IN ($1, …, $500)`): each list length is a statement text of its
 * own for PostgreSQL to parse, plan and for postgres.js to prepare, and every value a parameter to bind. On
 * PostgreSQL they become one array parameter instead: `id = ANY($1::text[])` (NOT IN: `<> ALL`), and a list of
 * (a, b) tuples `(a, b) IN (SELECT * FROM unnest($1::text[], $2::text[]))`; the statement text is then the same
 * whatever the list's length. Lists of anything but all strings or all safe integers are left as they are.
 */

/** The array type of a list's values: text for strings, bigint for integers, none otherwise. */
function arrayType(values: readonly unknown[]): 'text' | 'bigint' | null {
  if (values.length === 0) return null;
  if (values.every((v) => typeof v === 'string')) return 'text';
  if (values.every((v) => typeof v === 'number' && Number.isSafeInteger(v))) return 'bigint';
  return null;
}

/** The plain values of a list node (primitive values or value nodes), or null if it holds anything else. */
function listValues(node: unknown): unknown[] | null {
  if (PrimitiveValueListNode.is(node as never)) return [...(node as PrimitiveValueListNode).values];
  if (!ValueListNode.is(node as never)) return null;
  const out: unknown[] = [];
  for (const v of (node as ValueListNode).values) {
    if (!ValueNode.is(v)) return null;
    out.push(v.value);
  }
  return out;
}

/** Tuple rows of a `(a, b) IN ((…), …)` list as columns of values, or null. */
function tupleColumns(node: unknown, width: number): unknown[][] | null {
  if (!ValueListNode.is(node as never)) return null;
  const columns: unknown[][] = Array.from({ length: width }, () => []);
  for (const t of (node as ValueListNode).values) {
    if (!TupleNode.is(t) || t.values.length !== width) return null;
    for (let i = 0; i < width; i++) {
      const v = t.values[i];
      if (!ValueNode.is(v)) return null;
      columns[i].push(v.value);
    }
  }
  return columns;
}

const arrayParam = (values: readonly unknown[], type: string) =>
  sql`${pgArrayLiteral(values as Array<string | number>)}::${sql.raw(type)}[]`;

class InListTransformer extends OperationNodeTransformer {
  protected override transformBinaryOperation(node: BinaryOperationNode): BinaryOperationNode {
    const op = OperatorNode.is(node.operator) ? node.operator.operator : null;
    if (op === 'in' || op === 'not in') {
      const right = node.rightOperand;
      if (TupleNode.is(node.leftOperand) && op === 'in') {
        const columns = tupleColumns(right, node.leftOperand.values.length);
        const types = columns?.map(arrayType) ?? [];
        if (columns && types.every((t) => t !== null)) {
          const arrays = sql.join(columns.map((c, i) => arrayParam(c, types[i] as string)));
          const rows = sql`(SELECT * FROM unnest(${arrays}))`.toOperationNode();
          return BinaryOperationNode.create(this.transformNode(node.leftOperand), node.operator, rows);
        }
      } else {
        const values = listValues(right);
        const type = values ? arrayType(values) : null;
        if (values && type) {
          const fn = op === 'in' ? sql`ANY(${arrayParam(values, type)})` : sql`ALL(${arrayParam(values, type)})`;
          const operator = OperatorNode.create(op === 'in' ? '=' : '<>');
          return BinaryOperationNode.create(this.transformNode(node.leftOperand), operator, fn.toOperationNode());
        }
      }
    }
    return super.transformBinaryOperation(node);
  }
}

/** A Kysely plugin turning IN lists into array parameters (PostgreSQL only). */
export class PgInListPlugin implements KyselyPlugin {
  private readonly transformer = new InListTransformer();

  /** Rewrites the query's IN lists. */
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node);
  }

  /** Results pass through unchanged. */
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

const plugin = new PgInListPlugin();
const wrapped = new WeakMap<object, Transaction<Database>>();

/** The batch's transaction for look-ups: on PostgreSQL with IN lists sent as array parameters (PgInListPlugin). */
export function lookups(ctx: Pick<IngestContext, 'trx' | 'dialect'>): Transaction<Database> {
  if (ctx.dialect !== 'postgres') return ctx.trx;
  let trx = wrapped.get(ctx.trx);
  if (!trx) {
    trx = ctx.trx.withPlugin(plugin);
    wrapped.set(ctx.trx, trx);
  }
  return trx;
}

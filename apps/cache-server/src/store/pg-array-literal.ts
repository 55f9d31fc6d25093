/**
 * A PostgreSQL array literal (`{"a","b\"c",NULL,5}`) of the values, passed as one text parameter: postgres.js hands a
 * string through unchanged for an array-typed parameter, so every row of a batch travels in one bound value per
 * column and the statement text stays the same whatever the row count (prepared once per connection).
 */
export function pgArrayLiteral(values: ReadonlyArray<string | number | null | undefined>): string {
  const parts: string[] = [];
  for (const v of values) {
    if (v === null || v === undefined) parts.push('NULL');
    else if (typeof v === 'number') parts.push(String(v));
    else parts.push(`"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);
  }
  return `{${parts.join(',')}}`;
}

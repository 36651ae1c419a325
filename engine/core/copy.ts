// A deep copy of plain JSON data with JSON's own rules (undefined and functions dropped from objects,
// null in arrays, non-finite numbers null), as `JSON.parse(JSON.stringify(v))` gives it, without
// building the text in between: states are copied once per resolution, and at 1,000 players the
// text round trip was the largest single cost.
export function copyJson<T>(value: T): T {
  return copy(value) as T;
}

function copy(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return typeof v === 'number' && !Number.isFinite(v) ? null : v;
  if (Array.isArray(v)) {
    const out = new Array<unknown>(v.length);
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      out[i] = x === undefined || typeof x === 'function' ? null : copy(x);
    }
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) {
    const x = (v as Record<string, unknown>)[k];
    if (x === undefined || typeof x === 'function') continue;
    out[k] = copy(x);
  }
  return out;
}

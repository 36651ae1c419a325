// A stream image (DynamoDB's typed attribute values) as the plain object the store wrote.
type Typed = Record<string, unknown>;

function plain(value: Typed): unknown {
  if ('S' in value && value.S !== undefined) return value.S;
  if ('N' in value && value.N !== undefined) return Number(value.N);
  if ('BOOL' in value && value.BOOL !== undefined) return value.BOOL;
  if ('NULL' in value && value.NULL !== undefined) return null;
  if ('B' in value && value.B !== undefined) return value.B;
  if ('L' in value && Array.isArray(value.L)) return value.L.map((v) => plain(v as Typed));
  if ('M' in value && value.M) return plainImage(value.M as Record<string, unknown>);
  if ('SS' in value && Array.isArray(value.SS)) return new Set(value.SS);
  if ('NS' in value && Array.isArray(value.NS)) return new Set(value.NS.map(Number));
  if ('BS' in value && Array.isArray(value.BS)) return new Set(value.BS);
  // A value the reader's SDK could not type (seen from DynamoDB Local's stream): nothing the consumer reads.
  return null;
}

/** Every attribute of an image, typed values made plain (a value no type fits is null). */
export function plainImage(image: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(image).map(([k, v]) => [k, plain(v as Typed)]));
}

/**
 * A value built on its first use and kept. For zod schemas and parsed data that a process may
 * never need: building every ruleset's at import would add to each Lambda's cold start, though one
 * request only ever uses its own match's ruleset.
 */
export function lazy<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}

// A promise made on first use and kept, unless it fails: then the next call tries again, so a passing
// fault (a chunk not yet readable, a throttled client) does not disable what it loads for the life of
// the process. For what a cold start should not pay for: the adapters functions/adapters/deferred.ts
// builds, and the confusables table of the name checks (functions/service/names.ts).
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

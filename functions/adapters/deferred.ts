// A port whose adapter is built on its first call. The adapter's module (and the SDK client it makes)
// is imported then, not when the Lambda starts: with the bundles split (infra/bundling.ts), code no
// request of a cold start needs is neither compiled nor run during its init.
import { loadOnce } from '../load-once.js';

/** The names of T's members that are methods answering a promise. */
type AsyncMethod<T> = { [K in keyof T]: T[K] extends (...args: never[]) => Promise<unknown> ? K : never }[keyof T];

/**
 * `methods` names every async method of the port (a missing one is a type error); `fixed` carries the
 * members that must answer without waiting (a push sender's public key). A failed load is retried on
 * the next call, so a passing fault does not disable the port for the life of the process.
 */
export function deferred<T extends object>(
  load: () => Promise<T>,
  methods: Record<AsyncMethod<T>, true>,
  fixed: Omit<T, AsyncMethod<T>>,
): T {
  const loaded = loadOnce(load);
  const port: Record<string, unknown> = { ...fixed };
  for (const name of Object.keys(methods)) {
    port[name] = async (...args: unknown[]) => {
      const target = (await loaded()) as Record<string, (...a: unknown[]) => Promise<unknown>>;
      return target[name]!(...args);
    };
  }
  return port as T;
}

// The reason ids and event kinds the engine and the API can give, read from their sources: a
// refusal is built by `reject('id')`, `refusal('id')`, `new ApiError(status, 'id')` or
// `new RulesetError('id')`; an event is an object `{ kind: 'id', to: … }` or Kill Game's `ev('id', …)`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

const collect = (dirs: string[], patterns: RegExp[]) => {
  const found = new Map<string, string>();
  for (const file of dirs.flatMap((d) => files(join(root, d)))) {
    const source = readFileSync(file, 'utf8');
    for (const re of patterns) for (const m of source.matchAll(re)) if (!found.has(m[1]!)) found.set(m[1]!, file.slice(root.length + 1));
  }
  return found;
};

/** Every refusal reason id, with the file that first gives it. */
export const reasonIds = () =>
  collect(['engine', 'functions'], [/\b(?:reject|refusal)\(\s*'([a-z][a-z0-9-]+)'/g, /ApiError\(\s*\d+,\s*'([a-z][a-z0-9-]+)'/g, /RulesetError\(\s*'([a-z][a-z0-9-]+)'/g, /\breason: '([a-z][a-z0-9-]+)'/g]);

/** Every event kind of the rulesets, with the file that first gives it. */
export const eventKinds = () => collect(['engine/rulesets'], [/\{\s*kind: '([a-z][a-z0-9-]+)',\s*to:/g, /\bev\(\s*'([a-z][a-z0-9-]+)'/g]);

// The rulesets the API offers (settings schemas, defaults, join options), fetched once.
import { api } from './api.js';
import type { RulesetInfo } from './types.js';

let cache: Promise<RulesetInfo[]> | null = null;

export function rulesets(): Promise<RulesetInfo[]> {
  cache ??= api('GET', '/api/rulesets', {}).then(
    (r) => r.rulesets,
    (e) => {
      cache = null;
      throw e;
    },
  );
  return cache;
}

export async function rulesetInfo(id: string): Promise<RulesetInfo | undefined> {
  return (await rulesets()).find((r) => r.id === id);
}

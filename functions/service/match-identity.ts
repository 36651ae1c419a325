// What names a match and says where it stands: the head of its public summary and of its exported record.
import type { MatchMeta } from '../records.js';

export const matchIdentity = (meta: MatchMeta) => ({
  id: meta.id,
  name: meta.name,
  ruleset: meta.ruleset,
  sandbox: meta.sandbox,
  status: meta.status,
  phase: meta.phase,
});

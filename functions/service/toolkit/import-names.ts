// An imported record's names pass the checks a join makes (decision 9, decision 10).
import type { MatchRecord } from './record.js';
import { ApiError } from '../errors.js';
import { playerName } from '../../api/schemas.js';

// PLACEHOLDER(names): until functions/service/names.ts (decision 10: NFC, no Cf/invisible characters,
// TR39 confusable skeletons) lands, this checks what a join checks today — the join schema's rules and
// no two names alike ignoring case. The lead wires names.ts here in its place.
function nameProblem(name: string, others: string[]): string | null {
  const parsed = playerName.safeParse(name);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'not a name';
  if (parsed.data !== name) return 'not in its normal form';
  const key = name.normalize('NFC').toLowerCase();
  if (others.some((o) => o.normalize('NFC').toLowerCase() === key)) return 'the same as another player\u2019s name';
  return null;
}

/** Every seat's name (as it plays now and as it was dealt) is one a join would accept next to the others. */
export function checkImportedNames(record: MatchRecord): void {
  const lists: Array<[string, string[]]> = [
    ['players', record.players.map((p) => p.name)],
    ['start.players', record.start?.players.map((p) => p.name) ?? []],
  ];
  for (const [where, names] of lists) {
    names.forEach((name, i) => {
      const problem = nameProblem(name, names.slice(0, i));
      if (problem) throw new ApiError(400, 'invalid-name', `${where}.${i}.name: ${problem}`);
    });
  }
}

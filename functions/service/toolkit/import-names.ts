// An imported record's names pass the checks a join makes (decision 9, decision 10: functions/service/names.ts).
import { refusal } from '../errors.js';
import { checkPlayerName } from '../names.js';
import type { MatchRecord } from './record.js';

/** Every seat's name (as it plays now and as it was dealt) is one a join would accept next to the others, as written. */
export async function checkImportedNames(record: MatchRecord): Promise<void> {
  const lists: Array<[string, string[]]> = [
    ['players', record.players.map((p) => p.name)],
    ['start.players', record.start?.players.map((p) => p.name) ?? []],
  ];
  for (const [where, names] of lists) {
    for (const [i, name] of names.entries()) {
      const check = await checkPlayerName(name, names.slice(0, i));
      if (!check.ok && check.code === 'name-taken') throw refusal('confusable-names', `${where}.${i}.name: ${check.message}`);
      if (!check.ok) throw refusal(check.code, `${where}.${i}.name: ${check.message}`);
      if (check.name !== name) throw refusal('invalid-name', `${where}.${i}.name: not in its normal form`);
    }
  }
}

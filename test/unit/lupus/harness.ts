// A small in-memory match for the Lupus tests: the platform's own semantics (engine/core/match.ts)
import type { DiceMode } from '../../../engine/core/rng.js';
import { lupus, type LupusState } from '../../../engine/rulesets/lupus/index.js';
import { settingsSchema } from '../../../engine/rulesets/lupus/settings.js';
import { reveals } from '../../scenario/assert.js';
import { MemoryMatch } from '../../support/memory-match.js';

export { find, has } from '../../support/memory-match.js';

export type Seat = [id: string, role: string] | { id: string; role?: string; abstentions?: number; name?: string };

export interface MatchOptions {
  settings?: Record<string, unknown>;
  seed?: string;
  dice?: DiceMode;
}

export class Match extends MemoryMatch<LupusState> {
  constructor(seats: Seat[], options: MatchOptions = {}) {
    super(lupus, {
      players: seats.map((s, i) => {
        const seat = Array.isArray(s) ? { id: s[0], role: s[1] } : s;
        const { id, name, ...fixed } = seat;
        return { id, name: name ?? `Player ${i + 1}`, options: {}, fixed: fixed as Record<string, unknown> };
      }),
      settings: settingsSchema.parse(options.settings ?? {}),
      seed: options.seed ?? 'test',
      dice: options.dice ?? 'natural',
      setup: {},
    });
  }
}

/** The generic `hidden` check of scenarios/FORMAT.md, as the scenario runner applies it. */
export function hiddenFrom(match: Match, reader: string, other: string): boolean {
  const facts = match.facts();
  const secrets = [facts.role![other]!, facts.faction![other]!];
  return !reveals([match.view(reader), match.seenBy(reader)], other, secrets);
}

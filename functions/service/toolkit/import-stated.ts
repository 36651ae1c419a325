// Import (decision 9): what a record states besides its events (the winner, the settings, the seats)
// is compared with what the replay deals and computes; the first difference is the refusal's.
import type { Ruleset } from '../../../engine/core/types.js';
import type { StoredEvent } from '../../../engine/core/events.js';
import { parseSettings } from '../lifecycle.js';
import { PLATFORM_LIVE_SETTINGS } from '../platform-settings.js';
import { canonical } from './given-events.js';
import type { MatchRecord } from './record.js';
import type { Difference, ReplayResult } from './replay.js';

const show = (v: unknown) => (v === undefined ? 'nothing' : canonical(v));

/** The first key whose values differ between two settings objects, or undefined. */
function firstDifferentKey(a: Record<string, unknown>, b: Record<string, unknown>, skip: readonly string[] = []): string | undefined {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].sort().find((k) => !skip.includes(k) && canonical(a[k]) !== canonical(b[k]));
}

/** Where the record's own statements part from its replay, or null. */
export function statedDifference(ruleset: Ruleset, record: MatchRecord, replay: ReplayResult): Difference | null {
  const { match, start } = record;
  const at = match.history[match.history.length - 1] ?? 'start';
  // The winner is the replay's: its end (a close, or the GM's forced end) says who won.
  const winner = replay.winner ?? null;
  if ((match.winner ?? null) !== winner) {
    return {
      phase: at,
      expected: match.winner,
      actual: winner,
      message: `match.winner: the record says ${show(match.winner ?? undefined)}, the replay ${show(winner ?? undefined)}`,
    };
  }
  // The settings are as the ruleset reads them; after the start, only live-changeable ones may differ
  // from those the deal was made with (start.settings, what the replay deals from).
  const stated = parseSettings(ruleset, match.settings);
  const statedKey = firstDifferentKey(stated, match.settings);
  if (statedKey !== undefined)
    return {
      phase: 'start',
      message: `match.settings.${statedKey}: ${show(match.settings[statedKey])}, as the ruleset reads it ${show(stated[statedKey])}`,
    };
  if (start !== null) {
    const dealt = parseSettings(ruleset, start.settings);
    const dealtKey = firstDifferentKey(dealt, start.settings);
    if (dealtKey !== undefined)
      return {
        phase: 'start',
        message: `start.settings.${dealtKey}: ${show(start.settings[dealtKey])}, as the ruleset reads it ${show(dealt[dealtKey])}`,
      };
    const changed = firstDifferentKey(stated, dealt, [...ruleset.liveSettings, ...PLATFORM_LIVE_SETTINGS]);
    if (changed !== undefined) {
      return {
        phase: 'start',
        message: `match.settings.${changed}: ${show(stated[changed])}, but the replay deals from ${show(dealt[changed])} and it cannot change after the start`,
      };
    }
  }
  // Seats: numbered in order; each keeps the options it was dealt with; a name changes only by a substitution.
  for (const [i, p] of record.players.entries()) {
    const prev = record.players[i - 1];
    if (prev && p.seat <= prev.seat) return { phase: 'start', message: `players.${i}.seat: ${p.seat} does not follow seat ${prev.seat}` };
    const dealt = start?.players.find((s) => s.id === p.id);
    if (!dealt) continue;
    if (canonical(dealt.options) !== canonical(p.options))
      return { phase: 'start', message: `players.${i}.options: not the options ${p.id} was dealt with` };
    if (dealt.name !== p.name && !substituted(replay.events, p.id))
      return { phase: 'start', message: `players.${i}.name: "${p.name}", dealt as "${dealt.name}", with no substitution` };
  }
  // No-shows count missed phases of seats at the table.
  for (const [seat, missed] of Object.entries(record.noShows)) {
    if (!record.players.some((p) => p.id === seat)) return { phase: 'start', message: `noShows.${seat}: nobody at the table` };
    const stray = missed.find((phase) => !match.history.includes(phase));
    if (stray !== undefined) return { phase: 'start', message: `noShows.${seat}: ${stray} is not a phase of the match` };
  }
  return null;
}

const substituted = (events: StoredEvent[], player: string) =>
  events.some((e) => e.event.kind === 'substituted' && e.event.player === player);

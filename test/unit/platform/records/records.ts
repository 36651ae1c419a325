// The exported records of this folder (written by generate.ts), read as an import reads them, and the
// states a replay reaches in them: what replay.test.ts and given-events.test.ts work on, without the stack.
import { readFileSync } from 'node:fs';
import type { StoredEvent } from '../../../../engine/core/events.js';
import type { Ruleset } from '../../../../engine/core/types.js';
import { matchRecord, type MatchRecord, type PhaseRecord } from '../../../../functions/service/toolkit/record.js';
import { replayRecord } from '../../../../functions/service/toolkit/replay.js';
import { findRuleset } from '../../../rulesets.js';

export type RecordName = 'lupus-seven' | 'lupus-forced' | 'lupus-lobby' | 'lupus-p01' | 'mafia-p01' | 'killgame-p03' | 'killgame-p01';
export const RECORDS: readonly RecordName[] = [
  'lupus-seven',
  'lupus-forced',
  'lupus-lobby',
  'lupus-p01',
  'mafia-p01',
  'killgame-p03',
  'killgame-p01',
];

const texts = new Map<RecordName, string>();

/** A fresh copy of a record, parsed by the import's schema (`matchRecord`): each call may be changed at will. */
export function loadRecord(name: RecordName): MatchRecord {
  let text = texts.get(name);
  if (text === undefined) {
    text = readFileSync(new URL(`./${name}.json`, import.meta.url), 'utf8');
    texts.set(name, text);
  }
  return matchRecord.parse(JSON.parse(text));
}

export function rulesetOf(record: MatchRecord): Ruleset {
  const ruleset = findRuleset(record.match.ruleset);
  if (!ruleset) throw new Error(`no ruleset ${record.match.ruleset}`);
  return ruleset;
}

export function phaseOf(record: MatchRecord, phase: string): PhaseRecord {
  const found = record.phases.find((p) => p.phase === phase);
  if (!found) throw new Error(`no phase ${phase} in ${record.match.id}`);
  return found;
}

/** The events of a phase with one kind of event (`vote-cast`, ...), with their index in the phase. */
export function eventsOfKind(record: MatchRecord, phase: string, kind: string): Array<{ index: number; stored: StoredEvent }> {
  return phaseOf(record, phase)
    .events.map((stored, index) => ({ index, stored }))
    .filter(({ stored }) => stored.event.kind === kind);
}

/**
 * The state a phase had when it opened (before any of its steps), as the replay computes it: the record
 * cut after that phase, the phase itself without its steps, its actions and its hash.
 */
export function openState(name: RecordName, phase: string): unknown {
  const record = loadRecord(name);
  const at = record.match.history.indexOf(phase);
  if (at < 0) throw new Error(`no phase ${phase} in ${name}`);
  record.match.history = record.match.history.slice(0, at + 1);
  record.match.status = 'running';
  record.phases = record.phases.slice(0, at + 1);
  const open = phaseOf(record, phase);
  open.events = open.events.filter((e) => e.origin?.kind === 'start' || e.origin?.kind === 'opening');
  open.actions = [];
  open.state = null;
  const result = replayRecord(rulesetOf(record), record);
  if (!result.identical) throw new Error(`${name} up to ${phase}: ${JSON.stringify(result.firstDifference)}`);
  return result.states[phase];
}

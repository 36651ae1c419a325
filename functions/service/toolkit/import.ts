// Import: a new sandbox match from an exported record, its states rebuilt by replaying it.
import { randomBytes } from 'node:crypto';
import { findRuleset } from '../../../engine/index.js';
import { deadlineFor } from '../../../engine/core/timing.js';
import type { Ports } from '../../ports.js';
import type { MatchMeta, PlayerRecord } from '../../records.js';
import { DomainError, refusal } from '../errors.js';
import { parseSettings } from '../lifecycle.js';
import { isReservedPlayerId } from '../player-ids.js';
import { publishMatch } from '../publish.js';
import { hashToken, newGmToken, newMatchId } from '../tokens.js';
import { acceptMatchName } from '../names.js';
import { checkImportedNames } from './import-names.js';
import { statedDifference } from './import-stated.js';
import { recordPhases, type MatchRecord } from './record.js';
import { replayRecord, type ReplayResult } from './replay.js';
import { toolkitStore } from './store.js';

const HOUR = 60 * 60_000;

const invalid = (message: string) => refusal('invalid-record', message);

/** What the schema cannot say: ids unique and consistent between the parts of the record. */
async function checkConsistent(record: MatchRecord): Promise<void> {
  const { match } = record;
  const seats = record.players.map((p) => p.id);
  if (new Set(seats).size !== seats.length) throw invalid('players: a player id appears twice');
  for (const seat of seats) if (await isReservedPlayerId(seat)) throw invalid(`players: "${seat}" cannot be a player id`);
  if (record.start && record.start.players.map((p) => p.id).join() !== seats.join()) {
    throw invalid('start.players: not the same seats as players');
  }
  if (new Set(match.history).size !== match.history.length) throw invalid('match.history: a phase appears twice');
  const phases = recordPhases(match.history, match.status);
  if (record.phases.map((p) => p.phase).join() !== phases.join()) throw invalid('phases: not the phases of match.history');
  for (const p of record.phases) {
    if (p.events.some((e) => e.phase !== p.phase)) throw invalid(`phases.${p.phase}: an event of another phase`);
  }
  const open = match.status === 'running' || match.status === 'paused';
  if (open !== (match.phase !== null) || (open && match.phase !== match.history[match.history.length - 1])) {
    throw invalid('match.phase: not the open phase of match.history');
  }
  if ((match.status === 'lobby') !== (record.start === null) || (record.start !== null && match.seed === null)) {
    throw invalid('start: a started match needs its start and seed, a lobby neither');
  }
}

/**
 * Creates the match (decision 9): the record is replayed through the engine and refused
 * (`import-mismatch`, naming the first difference) unless every event it carries is one the replay
 * makes. Then players (with fresh secrets nobody holds: the GM hands seats out by substitution), the
 * recorded final actions, the events and states the replay computed, META last, marked `imported` and
 * never listed. A running match arrives paused, with its phase's normal length left; the GM resumes
 * it when the seats are taken.
 */
export async function importMatch(ports: Ports, record: MatchRecord) {
  const ruleset = await findRuleset(record.match.ruleset);
  if (!ruleset) throw refusal('unknown-ruleset', `There is no ruleset "${record.match.ruleset}".`);
  await checkConsistent(record);
  await checkImportedNames(record);
  if (acceptMatchName(record.match.name) !== record.match.name) throw refusal('invalid-name', 'match.name: not in its normal form');
  const settings = parseSettings(ruleset, record.match.settings);
  let replay: ReplayResult;
  try {
    replay = replayRecord(ruleset, record);
  } catch (error) {
    throw invalid(`the record cannot be replayed: ${String(error instanceof Error ? error.message : error).slice(0, 200)}`);
  }
  if (!replay.identical) throw mismatch(replay);
  // Everything else the record states is the replay's, or it is refused like an event that differs.
  const stated = statedDifference(ruleset, record, replay);
  if (stated) throw new ImportMismatch(stated);
  const store = toolkitStore(ports);
  const { match } = record;
  const now = ports.clock.now();
  const matchId = newMatchId();
  const gmToken = newGmToken();
  const startNames = new Map(record.start?.players.map((p) => [p.id, p.name]) ?? []);
  const players: PlayerRecord[] = record.players.map((p) => ({
    id: p.id,
    name: p.name,
    seat: p.seat,
    options: p.options,
    tokenHash: hashToken(randomBytes(32).toString('base64url')),
    checkedPhase: null,
    ...(startNames.has(p.id) && startNames.get(p.id) !== p.name ? { startName: startNames.get(p.id)! } : {}),
  }));
  const open = match.phase !== null ? replay.states[match.phase] : undefined;
  const remainingMs =
    match.phase === null
      ? null
      : open === undefined
        ? HOUR
        : (match.remainingMs ?? deadlineFor(ruleset.timing(open, settings), 0, ports.phaseSeconds));
  const recorded: Record<string, string> = {};
  for (const p of record.phases) if (p.state) recorded[p.phase] = p.state;
  if (record.final?.state) recorded.final = record.final.state;
  const fixed = Object.fromEntries(
    (record.start?.players ?? []).filter((p) => Object.keys(p.fixed).length > 0).map((p) => [p.id, p.fixed]),
  );

  await store.importItems(matchId, {
    players,
    states: replay.states,
    actions: Object.fromEntries(record.phases.map((p) => [p.phase, p.actions])),
    events: replay.events,
  });
  const meta: MatchMeta = {
    id: matchId,
    name: match.name,
    ruleset: ruleset.id,
    sandbox: true,
    imported: true,
    status: match.status === 'running' ? 'paused' : match.status,
    settings,
    phase: match.phase,
    phaseStatus: 'open',
    openedAt: null,
    deadline: null,
    remainingMs,
    closeRequestedAt: null,
    leaseUntil: null,
    needsPublish: null,
    seed: match.seed,
    dice: match.dice,
    winner: replay.winner ?? null,
    version: 1,
    nextSeat: Math.max(0, ...players.map((p) => p.seat)) + 1,
    createdAt: now,
    gmTokenHash: hashToken(gmToken),
    history: match.history,
    ...(record.start
      ? {
          start: {
            settings: parseSettings(ruleset, record.start.settings),
            ...(Object.keys(fixed).length || Object.keys(record.start.setup).length
              ? { sandbox: JSON.stringify({ players: fixed, setup: record.start.setup }) }
              : {}),
          },
        }
      : {}),
    ...(Object.keys(record.noShows).length ? { noShows: record.noShows } : {}),
    ...(Object.keys(recorded).length ? { recorded } : {}),
  };
  await ports.store.createMatch(meta);
  try {
    await publishMatch(ports, matchId, match.status === 'lobby' ? [] : recordPhases(match.history, match.status));
  } catch (error) {
    // A record the engine no longer reproduces may lack a state to show; the match exists all the same.
    if (!(error instanceof DomainError)) throw error;
  }
  return { matchId, gmToken, identical: true };
}

/** The refusal of a record the replay does not reproduce: the first difference, in words and as data. */
export class ImportMismatch extends DomainError {
  constructor(readonly firstDifference: NonNullable<ReplayResult['firstDifference']>) {
    super('import-mismatch', `The record differs from its replay: ${firstDifference.message}.`);
  }
}

function mismatch(replay: ReplayResult): ImportMismatch {
  return new ImportMismatch(replay.firstDifference ?? { phase: 'start', message: 'the replay differs' });
}

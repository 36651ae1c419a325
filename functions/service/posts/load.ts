// What a post is written from: the same public data the published files hold (summary, public events, vote count).
import { canRead } from '../../../engine/core/events.js';
import type { Ports } from '../../ports.js';
import type { Loaded } from '../context.js';
import { refusal } from '../errors.js';
import { voteCount } from '../toolkit/votes.js';
import type { PhasePostInput, PostMatch, VotePostInput } from './render.js';

/** The match page in the web app; absolute when the site's address is known. */
export function matchUrl(site: string | undefined, matchId: string): string {
  return `${(site ?? '').replace(/\/+$/, '')}/#/m/${encodeURIComponent(matchId)}`;
}

function postMatch(loaded: Loaded, site: string | undefined): PostMatch {
  const { meta } = loaded;
  return {
    id: meta.id,
    name: meta.name,
    ruleset: meta.ruleset,
    timeZone: zoneOf(meta.ruleset, meta.settings),
    url: matchUrl(site, meta.id),
  };
}

/** Whether `phase` has closed: every phase of the history but the open one (the last one too once the match ended). */
export function isClosed(loaded: Loaded, phase: string): boolean {
  const { meta } = loaded;
  return meta.history.includes(phase) && !(meta.phase === phase && meta.status !== 'ended');
}

const names = async (ports: Ports, matchId: string) =>
  Object.fromEntries((await ports.store.listPlayers(matchId)).map((p) => [p.id, p.name]));

/** Kill Game's monsters spawned publicly up to a phase: id → species (a post names a monster by its species). */
async function monstersUpTo(ports: Ports, matchId: string, phases: string[]): Promise<Record<string, string>> {
  const spawns = (await ports.store.listEvents(matchId, phases)).filter(
    (e) => canRead(e, { as: 'public' }) && e.event.kind === 'monster-spawned',
  );
  return Object.fromEntries(spawns.map((e) => [String(e.event.monster), String(e.event.species)]));
}

/** A closed phase's post input; 404 for a phase the match never had, 409 while it is still open. */
export async function phasePostInput(ports: Ports, loaded: Loaded, phase: string, site?: string): Promise<PhasePostInput> {
  const { meta } = loaded;
  if (!meta.history.includes(phase)) throw refusal('not-found', `Phase ${phase} not found.`);
  if (!isClosed(loaded, phase)) throw refusal('wrong-phase', `Phase ${phase} is still open: its post is written at its close.`);
  const upTo = meta.history.slice(0, meta.history.indexOf(phase) + 1);
  const [events, playerNames, votes, monsters] = await Promise.all([
    ports.store.listEvents(meta.id, [phase]),
    names(ports, meta.id),
    voteCount(ports, loaded, phase),
    meta.ruleset === 'killgame' ? monstersUpTo(ports, meta.id, upTo) : Promise.resolve({}),
  ]);
  const after = meta.history[meta.history.indexOf(phase) + 1] ?? null;
  const open = after !== null && after === meta.phase && meta.status !== 'ended';
  return {
    match: postMatch(loaded, site),
    phase,
    // The same filter as the phase's published file (publish.ts): what the public may read.
    events: events.filter((e) => canRead(e, { as: 'public' })).map((e) => e.event),
    names: playerNames,
    monsters,
    votes,
    next: {
      phase: after,
      deadline: open && meta.status === 'running' ? meta.deadline : null,
      paused: open && meta.status === 'paused',
    },
  };
}

/** The open day's count (or `phase`'s); 404 when that phase has no public vote. */
export async function votePostInput(ports: Ports, loaded: Loaded, site?: string, since?: number, phase?: string): Promise<VotePostInput> {
  const votes = await voteCount(ports, loaded, phase);
  if (!votes) throw refusal('no-votes', 'That phase has no public vote.');
  return { match: postMatch(loaded, site), votes, since };
}

/** Default time zones where a ruleset has no `timezone` setting: its community's own. */
const HOME_ZONE: Record<string, string> = { lupus: 'Europe/Rome', killgame: 'Europe/Rome', mafia: 'Europe/Moscow' };

export function zoneOf(ruleset: string, settings: Record<string, unknown>): string {
  return typeof settings.timezone === 'string' ? settings.timezone : (HOME_ZONE[ruleset] ?? 'UTC');
}

/**
 * The renderer, with the page's dictionaries it words events in (texts/, some 190 KB): imported
 * by the first post a process writes, not by every cold start of the API and the resolver.
 */
export const renderer = (): Promise<typeof import('./render.js')> => import('./render.js');

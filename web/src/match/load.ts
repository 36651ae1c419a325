// What the match page reads, by who this browser is in the match: the summary, the player's view and
// actions, the GM's view, the public record, the open day's count.
import { api, ApiError, published } from '../api.js';
import { t } from '../lang.js';
import { forgetPlayer, saveKeys } from '../store.js';
import type { ActionsResponse, Ev, GmResponse, MeResponse, Summary } from '../types.js';
import { toast } from '../ui.js';
import { keys, type MatchState } from './state.js';
import type { ServerCount } from './votes.js';

/** What tells a new phase or a death apart in the published summary (the cheap poll compares it). */
export function fingerprint(s: Summary | null): string {
  if (!s) return '';
  return JSON.stringify([s.status, s.phase, s.deadline, s.remainingMs, s.winner, s.phases?.length, s.players?.map((p) => `${p.id}:${p.alive}`)]);
}

export function matchLoader(state: MatchState) {
  const publicPhases = new Map<string, Ev[]>();
  const path = `/matches/${encodeURIComponent(state.matchId)}`;

  async function loadPublicEvents(s: Summary): Promise<void> {
    const phases = s.phases ?? [];
    await Promise.all(
      phases.map(async (p) => {
        // A closed phase's file never changes; the open one may.
        if (publicPhases.has(p) && p !== s.phase && s.status !== 'ended') return;
        const file = await published<{ events: Ev[] }>(`/matches/${encodeURIComponent(s.id)}/phases/${encodeURIComponent(p)}.json`);
        if (file?.events) publicPhases.set(p, file.events.map((e) => ({ ...e, phase: p })));
      }),
    );
    state.publicEvents = phases.flatMap((p) => publicPhases.get(p) ?? []);
  }

  /** Reads everything this browser may see; false when there is no such match. */
  return async function load(): Promise<boolean> {
    const k = keys(state);
    let summary: Summary;
    try {
      summary = await api<Summary>('GET', path);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return false;
      throw error;
    }
    state.summary = summary;
    saveKeys(state.matchId, { name: summary.name, ruleset: summary.ruleset });
    const jobs: Promise<unknown>[] = [];
    if (k.player) {
      const token = k.player.token;
      const lobby = summary.status === 'lobby';
      jobs.push(
        Promise.all([
          api<MeResponse>('GET', `${path}/me`, undefined, token),
          lobby ? Promise.resolve<ActionsResponse>({ phase: null, actions: [] }) : api<ActionsResponse>('GET', `${path}/me/actions`, undefined, token),
        ]).then(
          ([m, a]) => {
            state.me = m;
            state.actions = a;
          },
          (error) => {
            if (error instanceof ApiError && (error.status === 401 || error.status === 404)) {
              forgetPlayer(state.matchId);
              state.me = null;
              state.actions = null;
              // A substitute took the seat: he is told so where he looks, not only in a passing toast.
              if (error.code === 'seat-replaced') saveKeys(state.matchId, { replacedBy: String(error.params?.name ?? '') });
              else toast(t('token-invalid'), 'error');
            } else throw error;
          },
        ),
      );
    } else {
      state.me = null;
      state.actions = null;
    }
    if (k.gm) {
      jobs.push(
        api<GmResponse>('GET', `${path}/gm`, undefined, k.gm).then(
          (g) => {
            state.gm = g;
          },
          (error) => {
            if (error instanceof ApiError && error.status === 401) {
              saveKeys(state.matchId, { gm: undefined });
              state.gm = null;
            } else throw error;
          },
        ),
      );
    } else state.gm = null;
    if (!k.player && !k.gm) jobs.push(loadPublicEvents(summary));
    if (summary.status !== 'lobby' && summary.phase) {
      jobs.push(
        api<ServerCount | null>('GET', `${path}/votes`).then(
          (v) => {
            state.votes = v;
          },
          (error) => {
            if (error instanceof ApiError && error.status === 404) state.votes = null;
            else throw error;
          },
        ),
      );
    } else state.votes = null;
    await Promise.all(jobs);
    for (const e of [...(state.me?.events ?? []), ...(state.gm?.events ?? []), ...state.publicEvents]) {
      if (e.kind === 'monster-spawned' && typeof e.monster === 'string' && typeof e.species === 'string') state.monsterSpecies.set(e.monster, e.species);
    }
    return true;
  };
}

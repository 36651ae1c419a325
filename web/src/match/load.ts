// What the match page reads, by who this browser is in the match: the summary, the player's view and
// actions, the GM's view, the public record, the open day's count; each only as far as it changed.
import { ApiError } from '../api.js';
import { t } from '../lang.js';
import { forgetPlayer, saveKeys } from '../store.js';
import type { ActionsResponse, GmResponse, MeResponse, SpectateResponse, Summary } from '../types.js';
import type { LiveChange } from '../live.js';
import { viewReads, type EventView } from './reads.js';
import { toast } from '../ui.js';
import { keys, type MatchState } from './state.js';
import type { ServerCount } from './votes.js';

/** What tells a new phase or a death apart in the published summary (the cheap poll compares it). */
export function fingerprint(s: Summary | null): string {
  if (!s) return '';
  return JSON.stringify([
    s.status,
    s.phase,
    s.deadline,
    s.remainingMs,
    s.winner,
    s.phases?.length,
    s.players?.map((p) => `${p.id}:${p.alive}`),
  ]);
}

export function matchLoader(state: MatchState) {
  const params = { id: state.matchId };
  const reads = viewReads();
  /** The spectator's last read. */
  let watched: SpectateResponse | null = null;
  /**
   * Events pushed since each event view's cursor (decision 12): shown at once, and replaced by the next
   * read after the cursor, which brings them again in their place (with any the page did not hear of).
   */
  const pushed = new Map<string, number>();
  /** The held view without its pushed events: what a read after its cursor continues. */
  function unpushed<T extends EventView>(view: string, held: T | null): T | null {
    const n = pushed.get(view) ?? 0;
    pushed.delete(view);
    return held && n > 0 ? { ...held, events: held.events.slice(0, held.events.length - n) } : held;
  }

  /** The summary as it is now; null when there is no such match. */
  async function readSummary(): Promise<Summary | null> {
    let summary: Summary;
    try {
      summary = await reads.read('summary', '/api/matches/{id}', { params }, state.summary);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
    state.summary = summary;
    saveKeys(state.matchId, { name: summary.name, ruleset: summary.ruleset });
    return summary;
  }

  /**
   * Reads what changed of everything this browser may see; false when there is no such match. The
   * views are asked together with the summary, as the summary last read says; when it says otherwise
   * now (a new phase, the start), they are asked again as it says.
   */
  /** The view the record is read from: the player's, else the GM's, else the spectator's. */
  function recordView(): {
    view: string;
    held: MeResponse | GmResponse | SpectateResponse;
    older(): Promise<EventView | null>;
    put(v: any): void;
  } | null {
    const k = keys(state);
    const me = state.me;
    if (me && k.player)
      return {
        view: 'me',
        held: me,
        older: () => reads.readOlder('/api/matches/{id}/me', { params, token: k.player!.token }, me),
        put: (v) => (state.me = v),
      };
    const gm = state.gm;
    if (gm && k.gm)
      return {
        view: 'gm',
        held: gm,
        older: () => reads.readOlder('/api/matches/{id}/gm', { params, token: k.gm }, gm),
        put: (v) => (state.gm = v),
      };
    const spectated = watched;
    if (spectated) {
      return {
        view: 'spectate',
        held: spectated,
        older: () => reads.readOlder('/api/matches/{id}/spectate', { params }, spectated),
        put: (v: SpectateResponse) => {
          watched = v;
          state.publicEvents = v.events;
        },
      };
    }
    return null;
  }

  /** Whether older events than the ones held exist (the record offers to show them). */
  const hasOlder = (): boolean => (recordView()?.held.cursor.before ?? null) !== null;

  /**
   * Adds the page of events before the oldest held. A read that brought newer events meanwhile keeps them;
   * one that read the view whole again (a new phase) began elsewhere, so the older page is dropped.
   */
  async function loadOlder(): Promise<void> {
    const view = recordView();
    if (!view) return;
    const asked = view.held.cursor.before;
    const older = await view.older();
    const now = recordView();
    if (!older || !now || now.view !== view.view || now.held.cursor.before !== asked) return;
    now.put({ ...now.held, events: [...older.events, ...now.held.events], cursor: { ...now.held.cursor, before: older.cursor.before } });
  }

  /**
   * Shows a pushed change without a request: its events after those of the view this browser reads (the
   * player's, else the GM's, else the spectator's), its count, the player's own submissions after his write.
   * False when it must be read instead (no view held yet, the lobby, a change of the match itself).
   */
  function apply(change: LiveChange): boolean {
    const summary = state.summary;
    if (change.reread || !summary || summary.status === 'lobby') return false;
    const view = recordView();
    if (!view) return false;
    if (change.events.length > 0) {
      view.put({ ...view.held, events: [...view.held.events, ...change.events] });
      pushed.set(view.view, (pushed.get(view.view) ?? 0) + change.events.length);
    }
    if ('votes' in change && summary.phase !== null) state.votes = change.votes as ServerCount | null;
    // His own write, from any of his devices: what he has submitted now, without reading his view.
    if (change.submitted && state.me) state.me = { ...state.me, submitted: change.submitted };
    return true;
  }

  /** The player's own view alone, after his cursor: one request for a change that touched his card. */
  async function readMe(): Promise<void> {
    const k = keys(state);
    const summary = state.summary;
    if (!k.player || !summary || !state.me) return;
    const token = k.player.token;
    state.me = await reads.readEvents(
      'me',
      '/api/matches/{id}/me',
      { params, token },
      unpushed('me', state.me),
      `${token}|${phaseOf(summary)}`,
    );
  }

  return { load, loadOlder, hasOlder, apply, readMe };

  async function load(): Promise<boolean> {
    const held = state.summary;
    if (held === null) {
      const summary = await readSummary();
      if (summary === null) return false;
      await readViews(summary);
      return true;
    }
    const [summary] = await Promise.all([readSummary(), readViews(held)]);
    if (summary === null) return false;
    if (phaseOf(summary) !== phaseOf(held)) await readViews(summary);
    return true;
  }

  /** The views as `summary` says they are to be read. */
  async function readViews(summary: Summary): Promise<void> {
    const k = keys(state);
    // A new phase (or a restart after a rollback) reads an event view whole, as its first page.
    const phase = phaseOf(summary);
    const jobs: Promise<unknown>[] = [];
    if (k.player) {
      const token = k.player.token;
      const lobby = summary.status === 'lobby';
      jobs.push(
        Promise.all([
          reads.readEvents('me', '/api/matches/{id}/me', { params, token }, unpushed('me', state.me), `${token}|${phase}`),
          lobby
            ? Promise.resolve<ActionsResponse>({ phase: null, actions: [] })
            : reads.read('actions', '/api/matches/{id}/me/actions', { params, token }, state.actions),
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
      const token = k.gm;
      jobs.push(
        reads.readEvents('gm', '/api/matches/{id}/gm', { params, token }, unpushed('gm', state.gm), `${token}|${phase}`).then(
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
    const countOpen = summary.status !== 'lobby' && summary.phase !== null;
    if (!k.player && !k.gm) {
      // Anyone watching: the public events and the count in one read.
      jobs.push(
        (summary.status === 'lobby'
          ? Promise.resolve(null)
          : reads.readEvents('spectate', '/api/matches/{id}/spectate', { params }, unpushed('spectate', watched), phase)
        ).then((w) => {
          watched = w;
          state.publicEvents = w?.events ?? [];
          state.votes = countOpen ? ((w?.votes ?? null) as ServerCount | null) : null;
        }),
      );
    } else {
      watched = null;
      state.publicEvents = [];
      if (countOpen) {
        jobs.push(
          reads.read('votes', '/api/matches/{id}/votes', { params }, state.votes).then(
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
    }
    await Promise.all(jobs);
    for (const e of [...(state.me?.events ?? []), ...(state.gm?.events ?? []), ...state.publicEvents]) {
      if (e.kind === 'monster-spawned' && typeof e.monster === 'string' && typeof e.species === 'string')
        state.monsterSpecies.set(e.monster, e.species);
    }
  }
}

/** What decides how the views are read: before the start or after, and the open phase. */
const phaseOf = (s: Summary): string => `${s.status === 'lobby' ? 'lobby' : 'on'}:${s.phase ?? ''}`;

// The spectators' view: what anyone may know of a match, in one read; never a channel, a cemetery or a private event.
import { canRead } from '../../../engine/core/events.js';
import type { Ports } from '../../ports.js';
import { loadMeta, loadState } from '../context.js';
import { publicSummary } from '../publish.js';
import { voteCount } from './votes.js';

export async function spectate(ports: Ports, matchId: string) {
  const loaded = await loadMeta(ports, matchId);
  const { meta, ruleset } = loaded;
  const players = await ports.store.listPlayers(matchId);
  const state = meta.status === 'lobby' ? null : await loadState(ports, meta);
  const phases = meta.history.length > 0 ? meta.history : meta.phase ? [meta.phase] : [];
  const events = (await ports.store.listEvents(matchId, phases))
    // The public reader: events addressed to `public` only, whatever channel a spectator might name.
    .filter((e) => canRead(e, { as: 'public' }))
    .map((e) => ({ phase: e.phase, ...e.event }));
  return {
    ...publicSummary(meta, ruleset, state, players),
    board: state === null ? null : ruleset.view(state, { as: 'public' }),
    events,
    votes: meta.status === 'lobby' ? null : await voteCount(ports, loaded),
  };
}

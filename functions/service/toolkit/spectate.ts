// The spectators' view: what anyone may know of a match, in one read; never a channel, a cemetery or a private event.
import type { Ports } from '../../ports.js';
import { loadMeta, loadState } from '../context.js';
import { eventPage, type PageQuery } from '../event-pages.js';
import { publicSummary } from '../publish.js';
import { voteCount } from './votes.js';

export async function spectate(ports: Ports, matchId: string, query: PageQuery = {}) {
  const loaded = await loadMeta(ports, matchId);
  const { meta, ruleset } = loaded;
  const players = await ports.store.listPlayers(matchId);
  const state = meta.status === 'lobby' ? null : await loadState(ports, meta);
  // The public reader: events addressed to `public` only, whatever channel a spectator might name.
  const { events, cursor } = await eventPage(ports, matchId, { as: 'public' }, query);
  return {
    ...publicSummary(meta, ruleset, state, players),
    board: state === null ? null : ruleset.view(state, { as: 'public' }),
    events,
    cursor,
    votes: meta.status === 'lobby' ? null : await voteCount(ports, loaded),
  };
}

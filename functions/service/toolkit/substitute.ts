// Substitution: a new person takes a seat (role, items, history and all); the old token stops working.
import { withReaders } from '../../../engine/core/events.js';
import { ConditionFailed } from '../../store-errors.js';
import type { Ports } from '../../ports.js';
import { loadMeta } from '../context.js';
import { notFound, refusal } from '../errors.js';
import { publishCommitted } from '../publish.js';
import { acceptPlayerName } from '../names.js';
import { hashToken, newPlayerToken } from '../tokens.js';

/**
 * Gives seat `playerId` a new name and a fresh token. The engine's state is untouched (the seat is the
 * same player id); the public record gets one `substituted` { player, replaced } event (`replaced`: the
 * name the seat had, absent when the same name re-issues a lost token) in the open phase, nothing more.
 * The same name re-issues a lost token.
 */
export async function substitute(ports: Ports, matchId: string, playerId: string, name: string) {
  const { meta } = await loadMeta(ports, matchId);
  if (meta.status === 'ended') throw refusal('match-over', 'The match has ended.');
  const players = await ports.store.listPlayers(matchId);
  const player = players.find((p) => p.id === playerId);
  if (!player) throw notFound('Player');
  name = await acceptPlayerName(
    name,
    players.filter((p) => p.id !== playerId).map((p) => p.name),
  );
  const started = meta.status !== 'lobby';
  const token = newPlayerToken(playerId);
  // Another person takes the seat (the same name only re-issues a lost link): his old link will say so.
  const another = name !== player.name;
  await ports.store.putPlayer(matchId, {
    ...player,
    name,
    tokenHash: hashToken(token),
    ...(another ? { replaced: [...(player.replaced ?? []), { tokenHash: player.tokenHash, name: player.name }] } : {}),
    // The name the ruleset was dealt at the start (replay deals the seat under it).
    ...(started ? { startName: player.startName ?? player.name } : {}),
  });
  if (started && meta.phase !== null) {
    const now = ports.clock.now();
    try {
      await ports.store.appendEvents(
        matchId,
        withReaders(
          [{ kind: 'substituted', to: 'public', player: playerId, ...(another ? { replaced: player.name } : {}) }],
          [],
          meta.phase,
          { kind: 'substitution', at: now, player: playerId },
        ),
      );
    } catch (error) {
      // The match ended meanwhile: the seat is still handed over, there is no phase to tell.
      if (!(error instanceof ConditionFailed)) throw error;
    }
  }
  // Telegram (issue 45): the old person's chat hears no more of this seat (his binding's hash is void anyway).
  await ports.store.telegram?.unbindSeat(matchId, playerId);
  await publishCommitted(ports, matchId, []);
  return { playerId, token };
}

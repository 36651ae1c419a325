// The end of a match as a player reads it: who won in words, whether he won, and the reveal
// (every player's role or team, when the ruleset makes them public at the end).
import { h, type Child } from '../dom.js';
import { fmtValue, type Ctx } from '../format.js';
import { t } from '../lang.js';
import type { PlayerView, Summary } from '../types.js';

export type Outcome = 'won' | 'lost' | 'draw';

/** Whether this player won: the ruleset's list of winners when public, else his side against the winner. */
export function outcomeOf(s: Summary, me: NonNullable<PlayerView['me']> | undefined): Outcome | null {
  if (s.status !== 'ended' || !s.winner || !me) return null;
  if (s.winner === 'draw') return 'draw';
  const board = (s.board ?? {}) as Record<string, any>;
  const winners: unknown = board.board?.winners ?? board.winners;
  if (Array.isArray(winners)) return winners.includes(me.id) ? 'won' : 'lost';
  return [me.id, me.team, me.faction].includes(s.winner) ? 'won' : 'lost';
}

/** Every player with what the end made public about him (role, team, faction). */
function reveal(ctx: Ctx, s: Summary): Child {
  const board = (s.board ?? {}) as Record<string, any>;
  const players: Array<Record<string, unknown>> = Array.isArray(board.players) ? board.players : [];
  const rows = players
    .map((p) => {
      const what = ['role', 'team', 'faction'].filter((k) => typeof p[k] === 'string').map((k) => fmtValue(ctx, p[k]));
      if (!what.length || typeof p.id !== 'string') return null;
      return h(
        'li',
        { 'data-player': p.id },
        h('b', null, ctx.players.get(p.id) ?? String(p.name ?? p.id)),
        ': ',
        what.map((w, i) => [i ? ', ' : '', w]),
      );
    })
    .filter((r) => r !== null);
  return rows.length ? [h('h3', null, t('end-reveal')), h('ul', { class: 'reveal', 'data-testid': 'reveal' }, rows)] : null;
}

/** The panel that replaces the actions once the match has ended: no stale controls. */
export function endingBody(ctx: Ctx, s: Summary, me: NonNullable<PlayerView['me']> | undefined): Child[] {
  const outcome = outcomeOf(s, me);
  return [
    s.winner
      ? h(
          'p',
          { class: 'end-winner', 'data-testid': 'end-winner-words' },
          s.winner === 'draw' ? t('end-draw') : [t('end-winner'), ' ', fmtValue(ctx, s.winner)],
        )
      : h('p', { class: 'banner' }, t('ended-banner')),
    outcome && outcome !== 'draw'
      ? h(
          'p',
          { class: `badge ${outcome === 'won' ? 'ok' : 'bad'} you-result`, 'data-testid': 'you-result', 'data-outcome': outcome },
          t(outcome === 'won' ? 'you-won' : 'you-lost'),
        )
      : null,
    reveal(ctx, s),
  ];
}

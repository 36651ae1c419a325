// LUP-10.3, LUP-11.5, LUP-4.5, LUP-12: the public view and a player's view, whole: what each holds,
// and what only the end reveals.
import { describe, expect, it } from 'vitest';
import { lupus } from '../../../engine/rulesets/lupus/index.js';
import { burn, skipTo, table } from './fixture.js';

const LINE = 'a b c d:zucca-semplice w1 w2:lupo-mannaro';
const seats = (dead: string[] = []) =>
  ['a', 'b', 'c', 'd', 'w1', 'w2'].map((id, i) => ({ id, name: `Player ${i + 1}`, alive: !dead.includes(id) }));

describe('Lupus views', () => {
  it('LUP-10.3 the public sees seats, the table, the difficulty and the run-off, no role; a stranger sees the same', () => {
    const m = table(LINE, { settings: { 'max-abstentions': 10 } });
    const expected = {
      phase: 'night-1',
      players: seats(),
      board: {
        table: ['lupo-mannaro', 'lupo-mannaro', 'zucca-semplice', 'zucca-semplice', 'zucca-semplice', 'zucca-semplice'],
        difficulty: 'hard',
        runoff: null,
        winner: null,
      },
    };
    expect(lupus.view(m.state, { as: 'public' })).toEqual(expected);
    expect(lupus.view(m.state, { as: 'player', id: 'nobody' })).toEqual(expected);
  });

  it('LUP-11.5 at the end the public sees every role, the winner and the winners', () => {
    const m = table(LINE, { settings: { 'max-abstentions': 10 } });
    skipTo(m, 'day-1');
    burn(m, 'a');
    m.close();
    burn(m, 'b');
    expect(m.phase).toBeNull();
    const view = lupus.view(m.state, { as: 'public' }) as { players: unknown[]; board: Record<string, unknown> };
    expect(view.players).toEqual(
      seats(view.players.filter((p) => !(p as { alive: boolean }).alive).map((p) => (p as { id: string }).id)).map((p) => ({
        ...p,
        role: p.id.startsWith('w') ? 'lupo-mannaro' : 'zucca-semplice',
      })),
    );
    expect(view.board).toMatchObject({ winner: 'pack' });
    expect([...(view.board.winners as string[])].sort()).toEqual(['w1', 'w2']);
  });

  it('LUP-4.5 LUP-4.6 LUP-12 a wolf sees himself with his told role, his abstentions and his channels, and knows his packmate', () => {
    const m = table(LINE, { settings: { 'max-abstentions': 10 } });
    const view = lupus.view(m.state, { as: 'player', id: 'w1' }) as Record<string, unknown>;
    expect(view.me).toEqual({
      id: 'w1',
      name: 'Player 5',
      alive: true,
      role: 'lupo-mannaro',
      faction: 'pack',
      abstentions: 0,
      channels: ['public', 'pack'],
    });
    expect(view.known).toEqual({ w2: { role: 'lupo-mannaro', faction: 'pack' } });
    expect(view.players).toEqual(seats());
    expect(view.phase).toBe('night-1');
    const villager = lupus.view(m.state, { as: 'player', id: 'a' }) as Record<string, unknown>;
    expect(villager.me).toMatchObject({ id: 'a', role: 'zucca-semplice', faction: 'village', channels: ['public'] });
    expect(villager.known).toEqual({});
  });
});

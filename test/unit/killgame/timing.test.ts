import { describe, expect, it } from 'vitest';
import { checkRefusal } from '../../../engine/core/match.js';
import { killgame } from '../../../engine/rulesets/killgame/index.js';
import { at, Match } from './helpers.js';

const settings = (s: Record<string, unknown> = {}) => killgame.settings.parse(s);

describe('schedule, check mode and settings', () => {
  it('KG-3.2 tactic phases close at action-start, action phases at tactic-start, in the timezone', () => {
    const m = at(
      [
        { id: 'a', zone: 'paese' },
        { id: 'b', zone: 'paese' },
      ],
      { turn: 1 },
    );
    // tactic-1 closes at the first action-start at least 4 hours after the start.
    expect(killgame.timing(m.state, settings())).toEqual({ daily: '21:30', timezone: 'Europe/Rome', atLeastMinutes: 240 });
    m.close();
    expect(killgame.timing(m.state, settings())).toEqual({ daily: '13:00', timezone: 'Europe/Rome' });
    expect(killgame.timing(m.state, settings({ 'tactic-start': '09:15', timezone: 'America/New_York' }))).toEqual({
      daily: '09:15',
      timezone: 'America/New_York',
    });
  });

  it('KG-3.4 CHECK mode: each phase lasts at most check-phase-hours and closes when every living player checked', () => {
    const m = new Match({
      players: [{ id: 'a' }, { id: 'b' }, { id: 'c' }],
      settings: { 'check-mode': true, 'check-phase-hours': 6, monsters: 0 },
    });
    expect(killgame.timing(m.state, m.settings as never)).toEqual({ minutes: 360 });
    m.remove('c');
    m.act('a', { type: 'check' });
    expect(m.act('a', { type: 'start', zone: 'campi' })).toMatchObject({ reason: 'already-checked' });
    expect(m.phase).toBe('tactic-1');
    m.act('b', { type: 'check' });
    expect(m.phase).toBe('action-1');
  });

  it('KG-3.4 without CHECK mode a check is refused check-disabled', () => {
    const m = at([
      { id: 'a', zone: 'paese' },
      { id: 'b', zone: 'paese' },
    ]);
    expect(m.act('a', { type: 'check' })).toMatchObject({ reason: 'check-disabled' });
    expect(checkRefusal(killgame, { status: 'running', open: true, checked: false }, settings(), m.state, 'a')).toMatchObject({
      reason: 'check-disabled',
    });
  });

  it('KG-17.1 live settings are the daily times, timezone, check mode and its cap; the rest is fixed', () => {
    expect([...killgame.liveSettings].sort()).toEqual(['action-start', 'check-mode', 'check-phase-hours', 'tactic-start', 'timezone']);
    const m = at([
      { id: 'a', zone: 'paese' },
      { id: 'b', zone: 'paese' },
    ]);
    expect(killgame.timing(m.state, settings({ 'check-mode': true, 'check-phase-hours': 2 }))).toEqual({ minutes: 120 });
  });

  it('KG-17.1 settings have the spec’s defaults and ranges; bad values are refused', () => {
    const s = settings();
    expect(s).toMatchObject({
      mode: 'free-for-all',
      teams: 2,
      map: 'classica',
      'min-players': 2,
      'max-players': 24,
      'tactic-start': '13:00',
      'action-start': '21:30',
      timezone: 'Europe/Rome',
      'check-mode': false,
      'check-phase-hours': 24,
      'k-rations': true,
      'free-k-rations': 5,
      'central-k-rations': 3,
      budget: 1000,
      'grenade-damage': 7,
      'c4-damage': 9,
      'smoke-turns': 2,
      'gas-turns': 3,
      'gas-damage': 3,
      'double-damage-players': 3,
      monsters: 2,
      'closed-zone-damage': 10,
      'market-trades': 3,
      'approval-threshold': 3,
      'first-closing-turn': 1,
    });
    expect(s.weapons.crossbow).toEqual({ damage: 2, shots: 1, 'poison-damage': 2, 'poison-turns': 2 });
    expect(s.prices['reinforced-vests']).toBe(150);
    const merged = settings({ weapons: { shotgun: { damage: 9 } }, prices: { knife: 1 } });
    expect(merged.weapons.shotgun).toEqual({ damage: 9, shots: 1 });
    expect(merged.weapons['sniper-rifle']).toEqual({ damage: 3, shots: 1 });
    expect(merged.prices.knife).toBe(1);
    expect(merged.prices.c4).toBe(100);
    for (const bad of [
      { teams: 9 },
      { 'action-start': '13:00' },
      { 'tactic-start': '25:00' },
      { timezone: 'Mars/Olympus' },
      { 'min-players': 30 },
      { monsters: 14, map: 'inferno' },
      { 'check-phase-hours': 0 },
      { weapons: { shotgun: { damage: 21 } } },
      { colour: 'red' },
      { map: 'custom' },
    ]) {
      expect(killgame.settings.safeParse(bad).success).toBe(false);
    }
  });
});

// The no-show policy's part of a close (functions/service/toolkit/no-shows.ts noShowStep, a pure function): who
// sent nothing although the ruleset offered him something, the record of the phases each one missed, the
// private warning (`warn`) and the ruleset's default action (`default`). Played on the 7-seat Lupus table at
// night-1, where the seer and the three pumpkins are offered an action and the wolves and the bambina are not.
// The same policy through the API, with its removals after the limit: test/toolkit/no-shows.test.ts.
import { describe, expect, it } from 'vitest';
import { startMatch } from '../../../engine/core/match.js';
import type { PendingAction, Ruleset } from '../../../engine/core/types.js';
import { lupus } from '../../../engine/rulesets/lupus/index.js';
import type { MatchMeta, PlayerRecord } from '../../../functions/records.js';
import { noShowStep } from '../../../functions/service/toolkit/no-shows.js';
import { SEVEN } from '../../integration/lupus-table.js';

const settings = lupus.settings.parse({ 'player-count': 7, roles: SEVEN.map((p) => p.role) }) as Record<string, unknown>;
const opened = startMatch(lupus, {
  players: SEVEN.map((p) => ({ id: p.id, name: p.name, options: {}, fixed: { role: p.role } })),
  settings,
  seed: 'no-shows',
  dice: 'natural',
  setup: {},
});
const players = (checked: string[] = []): PlayerRecord[] =>
  SEVEN.map((p, i) => ({
    id: p.id,
    name: p.name,
    seat: i + 1,
    tokenHash: 'h',
    options: {},
    checkedPhase: checked.includes(p.id) ? 'night-1' : null,
  }));
const meta = (policy: Record<string, unknown>, noShows?: Record<string, string[]>) =>
  ({ phase: 'night-1', settings: { ...settings, ...policy }, ...(noShows ? { noShows } : {}) }) as MatchMeta;
const action = (player: string, slot: string, target: string, owner = player): PendingAction => ({
  player,
  owner,
  slot,
  action: { type: slot, target },
  seq: 1,
});
const step = (
  policy: Record<string, unknown>,
  options: { pending?: PendingAction[]; checked?: string[]; noShows?: Record<string, string[]>; ruleset?: Ruleset } = {},
) => noShowStep(options.ruleset ?? lupus, meta(policy, options.noShows), opened.state, options.pending ?? [], players(options.checked));

describe('who is a no-show', () => {
  it('each living player the ruleset offered an action and who sent none and did not check; not those offered nothing', () => {
    expect(opened.phase).toBe('night-1');
    expect(step({ 'no-show': 'warn' }).noShows).toEqual({ anna: ['night-1'], carla: ['night-1'], fabio: ['night-1'], gina: ['night-1'] });
  });

  it('not a player who sent an action, who shares a slot someone filled, or who pressed check', () => {
    const pending = [action('anna', 'investigate', 'bruno'), action('bruno', 'praise', 'anna', 'fabio')];
    expect(step({ 'no-show': 'warn' }, { pending, checked: ['gina'] }).noShows).toEqual({ carla: ['night-1'] });
  });

  it('not a dead player', () => {
    const ruleset: Ruleset = { ...lupus, facts: (state) => ({ ...lupus.facts(state), alive: ['anna', 'bruno', 'dario', 'elena'] }) };
    expect(step({ 'no-show': 'warn' }, { ruleset }).noShows).toEqual({ anna: ['night-1'] });
  });

  it('adds the phase to what each one missed before, once however often the close is tried', () => {
    const before = { anna: ['night-0'], carla: ['night-1'], dario: ['day-0'] };
    expect(step({ 'no-show': 'warn' }, { noShows: before }).noShows).toEqual({
      anna: ['night-0', 'night-1'],
      carla: ['night-1'],
      dario: ['day-0'],
      fabio: ['night-1'],
      gina: ['night-1'],
    });
  });
});

describe('what the policy does', () => {
  it('warn: a private notice to each no-show with the phases he missed and the limit (none when 0)', () => {
    const warned = step({ 'no-show': 'warn', 'no-show-limit': 2 }, { noShows: { anna: ['day-0'] }, checked: ['fabio', 'gina'] });
    expect(warned.notices).toEqual([
      { kind: 'no-show', to: 'anna', missed: 2, limit: 2 },
      { kind: 'no-show', to: 'carla', missed: 1, limit: 2 },
    ]);
    expect(step({ 'no-show': 'warn' }, { checked: ['anna', 'fabio', 'gina'] }).notices).toEqual([
      { kind: 'no-show', to: 'carla', missed: 1, limit: null },
    ]);
    expect(warned.added).toEqual([]);
  });

  it('nothing: the record is kept, no one is told, nothing is added', () => {
    const quiet = step({ 'no-show': 'nothing', 'no-show-limit': 3 });
    expect(quiet.noShows).toMatchObject({ anna: ['night-1'] });
    expect(quiet.notices).toEqual([]);
    expect(quiet.added).toEqual([]);
    expect(quiet.pending).toEqual([]);
  });

  it("default: the ruleset's default action for each no-show, marked automatic, when it validates; none otherwise", () => {
    const ruleset: Ruleset = {
      ...lupus,
      // Carla's default is legal, Fabio's (himself) is not, the others have none.
      defaultAction: (_state, id) =>
        id === 'carla' ? { type: 'praise', target: 'anna' } : id === 'fabio' ? { type: 'praise', target: 'fabio' } : null,
    };
    const kept = action('anna', 'investigate', 'bruno');
    const defaulted = step({ 'no-show': 'default' }, { ruleset, pending: [kept] });
    const carla = { player: 'carla', owner: 'carla', slot: 'praise', action: { type: 'praise', target: 'anna' }, seq: 0, auto: true };
    expect(defaulted.added).toEqual([carla]);
    expect(defaulted.pending).toEqual([kept, carla]);
    expect(defaulted.notices.some((n) => n.kind === 'no-show')).toBe(false);
    expect(step({ 'no-show': 'default' }).added).toEqual([]);
  });
});

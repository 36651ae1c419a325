// Sections 4, 15 and 16: a match that cannot start as asked is refused with the reason the GM reads
// (the API's error code and its params), not just refused.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../engine/core/rng.js';
import { RulesetError } from '../../../engine/core/types.js';
import { lupus } from '../../../engine/rulesets/lupus/index.js';
import { settingsSchema, type LupusSettings } from '../../../engine/rulesets/lupus/settings.js';

const THREE = ['zucca-semplice', 'zucca-semplice', 'lupo-mannaro'];

function setupWith(
  players: Array<Record<string, unknown>>,
  settings: LupusSettings = settingsSchema.parse({ 'player-count': 3, roles: THREE }),
) {
  return lupus.setup({
    players: players.map((fixed, i) => ({ id: `p${i + 1}`, name: `p${i + 1}`, options: {}, fixed })),
    settings,
    rng: createRng('s', 'natural', 'setup'),
    setup: {},
  });
}

function refusal(run: () => unknown): { reason: string; message: string; params?: Record<string, unknown> } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(RulesetError);
    const e = error as RulesetError;
    return { reason: e.reason, message: e.message, ...(e.params ? { params: e.params } : {}) };
  }
  throw new Error('not refused');
}

describe('LUP-15 settings: each refusal names its field and why', () => {
  it('LUP-4.2 a table of village roles only is refused at roles', () => {
    const r = settingsSchema.safeParse({ 'player-count': 3, roles: ['zucca-semplice', 'bardo', 'strega'] });
    expect(r.success).toBe(false);
    expect(r.error!.issues).toEqual([
      expect.objectContaining({ code: 'custom', path: ['roles'], message: 'roles needs a pack, coven or lone role' }),
    ]);
  });

  it('LUP-4.2 a table that does not fit player-count is refused at roles with reason table-size and both numbers', () => {
    const r = settingsSchema.safeParse({ 'player-count': 4, roles: THREE });
    expect(r.success).toBe(false);
    expect(r.error!.issues).toEqual([
      expect.objectContaining({
        code: 'custom',
        path: ['roles'],
        message: 'the table has 3 roles and player-count is 4',
        params: { reason: 'table-size', roles: 3, playerCount: 4 },
      }),
    ]);
  });

  it('LUP-15 difficulty is easy, normal or hard (hard by default)', () => {
    for (const difficulty of ['easy', 'normal', 'hard']) {
      expect(settingsSchema.parse({ difficulty }).difficulty).toBe(difficulty);
    }
    expect(settingsSchema.parse({}).difficulty).toBe('hard');
    expect(settingsSchema.safeParse({ difficulty: 'medium' }).success).toBe(false);
    expect(settingsSchema.safeParse({ difficulty: '' }).success).toBe(false);
  });
});

describe('LUP-16.1 scenario seats and LUP-4.3 the deal: refusals with their reason', () => {
  it('an unknown role, or a Vampiro Progenie dealt, is unknown-id naming the player', () => {
    expect(refusal(() => setupWith([{ role: 'zucca-semplice' }, { role: 'contadino' }, { role: 'lupo-mannaro' }]))).toEqual({
      reason: 'unknown-id',
      message: 'unknown role "contadino" (player p2)',
    });
    expect(refusal(() => setupWith([{ role: 'zucca-semplice' }, { role: 'lupo-mannaro' }, { role: 'vampiro-progenie' }]))).toEqual({
      reason: 'unknown-id',
      message: 'role "vampiro-progenie" cannot be dealt (player p3)',
    });
  });

  it('LUP-8.3 preset abstentions are whole numbers from 0; anything else is invalid-setup naming the player', () => {
    for (const abstentions of [-1, 1.5, '2', true]) {
      expect(
        refusal(() => setupWith([{}, { abstentions }, {}])),
        String(abstentions),
      ).toEqual({
        reason: 'invalid-setup',
        message: 'abstentions must be an integer >= 0 (player p2)',
      });
    }
    const ok = setupWith([{ abstentions: 0 }, { abstentions: 2 }, {}]);
    expect(ok.state.players.map((p) => p.abstentions)).toEqual([0, 2, 0]);
  });

  it('roles for some seats but not all is invalid-setup', () => {
    expect(refusal(() => setupWith([{ role: 'zucca-semplice' }, { role: 'lupo-mannaro' }, {}]))).toEqual({
      reason: 'invalid-setup',
      message: 'either every player has "role" or none has',
    });
  });

  it('LUP-4.2 more or fewer players than player-count is seats-mismatch; a table that does not fit player-count is invalid-settings', () => {
    expect(refusal(() => setupWith([{}, {}, {}, {}]))).toEqual({
      reason: 'seats-mismatch',
      message: 'the table has 3 roles and player-count 3, but 4 players joined',
      params: { reason: 'seats-mismatch', joined: 4, playerCount: 3 },
    });
    expect(refusal(() => setupWith([{}, {}]))).toMatchObject({ reason: 'seats-mismatch', params: { joined: 2 } });
    // Settings that skipped their own check (an older stored match): the deal still refuses them.
    const unfit = { ...settingsSchema.parse({ 'player-count': 3, roles: THREE }), 'player-count': 4 };
    expect(refusal(() => setupWith([{}, {}, {}, {}], unfit))).toEqual({
      reason: 'invalid-settings',
      message: 'the table has 3 roles and player-count 4, but 4 players joined',
      params: { reason: 'table-size', roles: 3, playerCount: 4 },
    });
    // Fixed roles replace the deal: the table's size does not matter then.
    expect(
      setupWith([{ role: 'zucca-semplice' }, { role: 'zucca-semplice' }, { role: 'zucca-semplice' }, { role: 'lupo-mannaro' }]).state
        .players,
    ).toHaveLength(4);
  });
});

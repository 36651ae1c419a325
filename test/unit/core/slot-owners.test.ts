// The platform hands a submission only its player's own slots and his groups' (engine/core/match.ts
// `ownPending`, Ruleset.groups): the store can then check a submission against exactly the slots it
// read (ARCHITECTURE decision 6, issue 17's one-trip write). This holds only if no ruleset's validate
// or withdraw reads anyone else's slots: every scenario is replayed with each call made twice, on the
// slots the platform hands over and on the whole phase's, and the two verdicts must be the same.
import { existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ownPending, slotOwners, withdrawAction } from '../../../engine/core/match.js';
import { rulesets } from '../../rulesets.js';
import type { PendingAction, Ruleset } from '../../../engine/core/types.js';
import { InProcessDriver, type RulesetLens } from '../../scenario/in-process.js';
import { runScenario } from '../../scenario/run.js';
import { scenarioRoot } from '../../scenario/roots.js';
import { loadScenario, scenarioFiles } from '../../scenario/scenario.js';

const folders = [scenarioRoot(), 'test/unit/lupus/scenarios', 'test/unit/mafia/scenarios', 'test/unit/killgame/scenarios'];
const files = scenarioFiles(folders.map((f) => resolve(f)).filter((f) => existsSync(f)));

interface Tally {
  calls: number;
  /** Calls where the phase held slots of other owners, which the platform kept back. */
  keptBack: number;
}

const twice =
  (tally: Tally): RulesetLens =>
  (rs: Ruleset, all: () => PendingAction[]) => ({
    ...rs,
    validate(state, player, action, own) {
      const whole = all();
      tally.calls++;
      if (whole.length > own.length) tally.keptBack++;
      const verdict = rs.validate(state, player, action, own);
      expect(rs.validate(state, player, action, whole), `${player} ${JSON.stringify(action)}`).toEqual(verdict);
      return verdict;
    },
    withdraw: rs.withdraw
      ? (state, player, stored, own) => {
          const verdict = rs.withdraw!(state, player, stored, own);
          expect(rs.withdraw!(state, player, stored, all()), `${player} withdraws ${stored.slot}`).toEqual(verdict);
          return verdict;
        }
      : undefined,
  });

describe('a submission reads only its own slots and its groups’ (Ruleset.groups)', () => {
  it('finds scenarios of every ruleset to replay', () => {
    const covered = new Set(files.map((f) => loadScenario(f).ruleset));
    for (const id of Object.keys(rulesets)) expect(covered.has(id), id).toBe(true);
  });

  it.each(files.map((f) => [basename(f), f]))('%s: the same verdicts on the whole phase’s slots', async (_name, file) => {
    const tally: Tally = { calls: 0, keptBack: 0 };
    const result = await runScenario(new InProcessDriver(twice(tally)), loadScenario(file));
    expect(result.failure ?? 'ok').toBe('ok');
    expect(tally.calls).toBeGreaterThan(0);
  });

  it('keeps other players’ slots back from the ruleset', async () => {
    const tally: Tally = { calls: 0, keptBack: 0 };
    for (const file of files) await runScenario(new InProcessDriver(twice(tally)), loadScenario(file));
    expect(tally.keptBack).toBeGreaterThan(tally.calls / 4);
  });
});

describe('slot owners', () => {
  const lupus = rulesets.lupus!;
  const mafia = rulesets.mafia!;
  const killgame = rulesets.killgame!;
  const pending = (owner: string, slot: string, player = owner): PendingAction => ({ player, owner, slot, action: { type: 'x' }, seq: 1 });

  it('LUP-1.5: a pack member acts for the pack’s maul; a villager only for himself', () => {
    const state = {
      players: [
        { id: 'w', role: 'lupo-mannaro', alive: true },
        { id: 'v', role: 'parroco', alive: true },
      ],
    };
    expect(slotOwners(lupus, state, 'w')).toEqual(['w', 'pack']);
    expect(slotOwners(lupus, state, 'v')).toEqual(['v']);
    expect(lupus.slotOwner!(state as never, 'v', 'maul')).toBe('v');
  });

  it('MAF-2.2: the Destruction slot is the bandits’ only for a bandit, so no one else learns whether it is filled', () => {
    const town = { players: [{ id: 't', team: 'town' }] };
    const bandits = { players: [{ id: 'b', team: 'bandits' }] };
    expect(mafia.slotOwner!(town as never, 't', 'destroy')).toBe('t');
    expect(mafia.slotOwner!(bandits as never, 'b', 'destroy')).toBe('bandits');
    expect(slotOwners(mafia, bandits, 'b')).toEqual(['b', 'bandits']);
    expect(slotOwners(mafia, town, 't')).toEqual(['t']);
  });

  it('hands validate his own slots and his groups’, in the phase’s order, and nobody else’s', () => {
    const all = [pending('a', 's1'), pending('b', 's1'), pending('pack', 'maul', 'c'), pending('a', 's2')];
    const withPack = { ...killgame, groups: () => ['pack', 'pack', 'a'] } as Ruleset;
    expect(slotOwners(withPack, null, 'a')).toEqual(['a', 'pack']);
    expect(ownPending(withPack, null, 'a', all)).toEqual([all[0], all[2], all[3]]);
    expect(ownPending(killgame, null, 'a', all)).toEqual([all[0], all[3]]);
  });

  it('refuses to withdraw a slot the player does not own even when another player has it filled', () => {
    const gate = { status: 'running' as const, open: true, checked: false };
    const rs = { ...killgame, withdraw: undefined, mayWithdraw: undefined, slotOwner: undefined } as Ruleset;
    const all = [pending('b', 'move')];
    expect(withdrawAction(rs, gate, null, all, 'a', 'move')).toMatchObject({ ok: false, reason: 'nothing-to-withdraw' });
    expect(withdrawAction(rs, gate, null, all, 'b', 'move')).toMatchObject({ ok: true, owner: 'b', slot: 'move' });
  });
});

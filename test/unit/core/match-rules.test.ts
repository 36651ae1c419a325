// The platform's shared semantics of engine/core/match.ts, rule by rule, on a tiny hand-written
// ruleset (so each test names exactly what the platform does around it) and on the shipped ones
// where their own declarations matter (quorum, dealt players). ARCHITECTURE.md: refusals, slots,
// check, canonical order, removal.
import { describe, expect, it } from 'vitest';
import { findRuleset } from '../../rulesets.js';
import { createRng } from '../../../engine/core/rng.js';
import {
  applyChanges,
  canonicalOrder,
  checkRefusal,
  closePhase,
  dealtPlayers,
  everyoneChecked,
  ownPending,
  pendingAfterRemoval,
  platformRefusal,
  postMessage,
  quorumShortfall,
  reject,
  slotOwners,
  startMatch,
  submitAction,
  withdrawAction,
  type Gate,
  type PendingChange,
} from '../../../engine/core/match.js';
import type { Rng } from '../../../engine/core/rng.js';
import type { ActionInput, PendingAction, Rejection, Ruleset } from '../../../engine/core/types.js';

const open: Gate = { status: 'running', open: true, checked: false };
const pend = (owner: string, slot: string, seq = 1, player = owner, action: ActionInput = { type: slot }): PendingAction => ({
  player,
  owner,
  slot,
  seq,
  action,
});
const refusal = (reason: string): Rejection => ({ ok: false, reason, message: `refused: ${reason}` });
const key = (p: PendingAction) => `${p.owner}/${p.slot}#${p.seq}`;

/** Just enough of a ruleset; every member a test does not set throws, so nothing is called by accident. */
function tiny(members: Partial<Ruleset> = {}): Ruleset {
  const unused = (name: string) => () => {
    throw new Error(`tiny ruleset: ${name} should not be called`);
  };
  return {
    id: 'tiny',
    actions: ['vote', 'maul'],
    reasons: ['not-alive'],
    validate: unused('validate'),
    post: unused('post'),
    mayCheck: unused('mayCheck'),
    checkers: unused('checkers'),
    phase: unused('phase'),
    resolve: unused('resolve'),
    outcome: unused('outcome'),
    setup: unused('setup'),
    ...members,
  } as unknown as Ruleset;
}

describe('platformRefusal: the refusal order ARCHITECTURE.md fixes', () => {
  const rs = tiny();
  const reason = (gate: Partial<Gate>, type: string) => platformRefusal(rs, { ...open, ...gate }, type)?.reason ?? null;

  it('match-over comes first: an ended match refuses posts, checks, withdrawals and unknown actions alike', () => {
    for (const type of ['post', 'check', 'withdraw', 'vote', 'fly']) {
      expect(reason({ status: 'ended', open: false, checked: true }, type), type).toBe('match-over');
    }
  });

  it('decision 4: a post passes every other gate (paused, closed, lobby, already checked)', () => {
    expect(reason({ status: 'paused' }, 'post')).toBeNull();
    expect(reason({ open: false }, 'post')).toBeNull();
    expect(reason({ status: 'lobby', open: false }, 'post')).toBeNull();
    expect(reason({ checked: true }, 'post')).toBeNull();
  });

  it('decision 4: a paused match refuses match-paused before phase-closed, unknown-action and already-checked', () => {
    expect(reason({ status: 'paused', open: false, checked: true }, 'fly')).toBe('match-paused');
    expect(reason({ status: 'paused' }, 'check')).toBe('match-paused');
    expect(reason({ status: 'paused' }, 'withdraw')).toBe('match-paused');
  });

  it('phase-closed when nothing takes actions: in the lobby (even flagged open), or running past the deadline', () => {
    expect(reason({ status: 'lobby', open: true }, 'vote')).toBe('phase-closed');
    expect(reason({ status: 'running', open: false, checked: true }, 'fly')).toBe('phase-closed');
    expect(reason({ status: 'running', open: false }, 'check')).toBe('phase-closed');
  });

  it('unknown-action before already-checked; check and withdraw are the platform’s own and never unknown', () => {
    expect(reason({ checked: true }, 'fly')).toBe('unknown-action');
    expect(reason({}, 'fly')).toBe('unknown-action');
    expect(reason({ checked: true }, 'check')).toBe('already-checked');
    expect(reason({ checked: true }, 'withdraw')).toBe('already-checked');
    expect(reason({ checked: true }, 'maul')).toBe('already-checked');
    expect(reason({}, 'check')).toBeNull();
    expect(reason({}, 'withdraw')).toBeNull();
    expect(reason({}, 'vote')).toBeNull();
    expect(reason({}, 'maul')).toBeNull();
  });

  it('every refusal carries a human message; unknown-action names the type and the ruleset', () => {
    const gates: Array<[Partial<Gate>, string]> = [
      [{ status: 'ended' }, 'vote'],
      [{ status: 'paused' }, 'vote'],
      [{ open: false }, 'vote'],
      [{ checked: true }, 'vote'],
    ];
    for (const [gate, type] of gates) {
      const r = platformRefusal(rs, { ...open, ...gate }, type);
      expect(r?.ok).toBe(false);
      expect(r?.message.length, r?.reason).toBeGreaterThan(10);
    }
    expect(platformRefusal(rs, open, 'fly')).toEqual({ ok: false, reason: 'unknown-action', message: 'There is no action "fly" in tiny.' });
    expect(reject('phase-closed', 'x')).toEqual({ ok: false, reason: 'phase-closed', message: 'x' });
  });

  it('a real ruleset: Lupus takes its own actions and refuses another ruleset’s', () => {
    const lupus = findRuleset('lupus')!;
    expect(platformRefusal(lupus, open, 'vote')).toBeNull();
    expect(platformRefusal(lupus, open, lupus.actions[lupus.actions.length - 1]!)).toBeNull();
    expect(platformRefusal(lupus, open, 'switch-specialty')?.reason).toBe('unknown-action');
  });
});

describe('submitAction: a later action in the same slot replaces it (ARCHITECTURE, slots)', () => {
  const calls: Array<{ player: string; action: ActionInput; own: PendingAction[] }> = [];
  const rs = tiny({
    groups: (_state, player) => (player === 'w' ? ['pack'] : []),
    validate(_state, player, action, own) {
      calls.push({ player, action, own });
      if (action.type === 'maul' && player !== 'w') return refusal('not-alive');
      return {
        ok: true,
        owner: action.type === 'maul' ? 'pack' : player,
        slot: action.type,
        action: { ...action, normalised: true },
        ...(action.events ? { events: action.events as never } : {}),
        ...(action.changes ? { changes: action.changes as never } : {}),
      };
    },
  });
  const pending = [pend('w', 'vote', 1), pend('v', 'vote', 2), pend('pack', 'maul', 3, 'w2')];

  it('stores the normalised action under the owner and slot the ruleset names, with the submission’s seq', () => {
    calls.length = 0;
    const got = submitAction(rs, open, { s: 1 }, pending, 'w', { type: 'maul', target: 'v' }, 7);
    expect(got).toEqual({
      ok: true,
      stored: { player: 'w', owner: 'pack', slot: 'maul', action: { type: 'maul', target: 'v', normalised: true }, seq: 7 },
      events: [],
      changes: [],
    });
    expect(calls).toHaveLength(1);
  });

  it('decision 6: validate reads only the player’s own slots and his groups’, in the phase’s order', () => {
    calls.length = 0;
    submitAction(rs, open, null, pending, 'w', { type: 'vote' }, 4);
    expect(calls[0]!.own.map(key)).toEqual(['w/vote#1', 'pack/maul#3']);
    submitAction(rs, open, null, pending, 'v', { type: 'vote' }, 5);
    expect(calls[1]!.own.map(key)).toEqual(['v/vote#2']);
    submitAction(rs, open, null, [], 'x', { type: 'vote' }, 6);
    expect(calls[2]!.own).toEqual([]);
  });

  it('a platform refusal is returned before the ruleset is asked; the ruleset’s own refusal is returned as it is', () => {
    calls.length = 0;
    expect(submitAction(rs, { ...open, status: 'paused' }, null, pending, 'w', { type: 'vote' }, 1)).toMatchObject({
      ok: false,
      reason: 'match-paused',
    });
    expect(submitAction(rs, { ...open, checked: true }, null, pending, 'w', { type: 'vote' }, 1)).toMatchObject({
      ok: false,
      reason: 'already-checked',
    });
    expect(submitAction(rs, open, null, pending, 'w', { type: 'fly' }, 1)).toMatchObject({ ok: false, reason: 'unknown-action' });
    expect(calls).toHaveLength(0);
    expect(submitAction(rs, open, null, pending, 'v', { type: 'maul' }, 1)).toEqual(refusal('not-alive'));
    expect(calls).toHaveLength(1);
  });

  it('passes the ruleset’s events on, and turns its slot changes into writes of the same owner, player and seq', () => {
    const events = [{ kind: 'vote-cast', to: 'public', voter: 'v' }];
    const changes = [
      { slot: 'vote-2', action: { type: 'vote', target: 'z' } },
      { slot: 'vote-3', action: null },
    ];
    const got = submitAction(rs, open, null, pending, 'v', { type: 'vote', events, changes }, 9);
    if (!got.ok) throw new Error('refused');
    expect(got.events).toEqual(events);
    expect(got.changes).toEqual<PendingChange[]>([
      { owner: 'v', slot: 'vote-2', stored: { player: 'v', owner: 'v', slot: 'vote-2', action: { type: 'vote', target: 'z' }, seq: 9 } },
      { owner: 'v', slot: 'vote-3', stored: null },
    ]);
    const group = submitAction(rs, open, null, pending, 'w', { type: 'maul', changes: [{ slot: 'maul-2', action: null }] }, 10);
    expect(group.ok && group.changes).toEqual([{ owner: 'pack', slot: 'maul-2', stored: null }]);
  });
});

describe('withdrawAction: a withdrawal empties the slot as if nothing had been submitted there', () => {
  const plain = tiny();

  it('empties the player’s own stored slot, silently when the ruleset has no withdraw hook', () => {
    const pending = [pend('a', 'vote', 3)];
    expect(withdrawAction(plain, open, null, pending, 'a', 'vote')).toEqual({
      ok: true,
      owner: 'a',
      slot: 'vote',
      events: [],
      changes: [{ owner: 'a', slot: 'vote', stored: null }],
    });
  });

  it('refuses nothing-to-withdraw for an empty slot, another slot of his, or the same slot of another owner', () => {
    const pending = [pend('a', 'vote'), pend('b', 'maul')];
    for (const [player, slot] of [
      ['a', 'maul'],
      ['b', 'vote'],
      ['c', 'vote'],
    ] as const) {
      const got = withdrawAction(plain, open, null, pending, player, slot);
      expect(got, `${player} ${slot}`).toEqual({
        ok: false,
        reason: 'nothing-to-withdraw',
        message: `Nothing is stored in slot "${slot}".`,
      });
    }
    expect(withdrawAction(plain, open, null, [], 'a', 'vote')).toMatchObject({ reason: 'nothing-to-withdraw' });
  });

  it('refuses in the platform’s order first: paused, closed, already checked (withdraw is never unknown)', () => {
    const pending = [pend('a', 'vote')];
    expect(withdrawAction(plain, { ...open, status: 'ended' }, null, pending, 'a', 'vote')).toMatchObject({ reason: 'match-over' });
    expect(withdrawAction(plain, { ...open, status: 'paused' }, null, pending, 'a', 'vote')).toMatchObject({ reason: 'match-paused' });
    expect(withdrawAction(plain, { ...open, open: false }, null, pending, 'a', 'vote')).toMatchObject({ reason: 'phase-closed' });
    expect(withdrawAction(plain, { ...open, checked: true }, null, pending, 'a', 'vote')).toMatchObject({ reason: 'already-checked' });
  });

  it('LUP-1.5: a pack member withdraws the pack’s maul, filled by another wolf; a villager finds it empty', () => {
    const seen: Array<{ stored: PendingAction; own: PendingAction[] }> = [];
    const rs = tiny({
      slotOwner: (_s, player, slot) => (slot === 'maul' && player.startsWith('w') ? 'pack' : player),
      groups: (_s, player) => (player.startsWith('w') ? ['pack'] : []),
      withdraw(_s, _player, stored, own) {
        seen.push({ stored, own });
        return { ok: true };
      },
    });
    const pending = [pend('v', 'vote', 1), pend('pack', 'maul', 2, 'w2'), pend('w1', 'vote', 3)];
    expect(withdrawAction(rs, open, null, pending, 'w1', 'maul')).toMatchObject({
      ok: true,
      owner: 'pack',
      slot: 'maul',
      changes: [{ owner: 'pack', slot: 'maul', stored: null }],
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.stored).toEqual(pending[1]);
    expect(seen[0]!.own.map(key)).toEqual(['pack/maul#2', 'w1/vote#3']);
    expect(withdrawAction(rs, open, null, pending, 'v', 'maul')).toMatchObject({ ok: false, reason: 'nothing-to-withdraw' });
    expect(seen).toHaveLength(1);
  });

  it('MAF-2.2: a group’s slot is reached only through slotOwner; a member withdrawing his own slot of that name finds it empty', () => {
    // The bandits' Destruction slot is theirs only when the ruleset says so; the group's filled slot
    // must not be emptied by a withdrawal of the player's own (empty) slot with the same name.
    const rs = tiny({ groups: () => ['bandits'] });
    const pending = [pend('bandits', 'destroy', 1, 'b2'), pend('b1', 'vote', 2)];
    expect(withdrawAction(rs, open, null, pending, 'b1', 'destroy')).toMatchObject({ ok: false, reason: 'nothing-to-withdraw' });
    expect(withdrawAction(rs, open, null, pending, 'b1', 'vote')).toMatchObject({ ok: true, owner: 'b1', slot: 'vote' });
  });

  it('action-locked: the ruleset’s refusal is returned as it is', () => {
    const rs = tiny({ withdraw: () => refusal('action-locked') });
    expect(withdrawAction(rs, open, null, [pend('a', 'vote')], 'a', 'vote')).toEqual(refusal('action-locked'));
  });

  it('the withdrawn slot comes first, then the other changes in the ruleset’s order, at the stored seq', () => {
    const events = [{ kind: 'vote-withdrawn', to: 'public', voter: 'a' }];
    const rs = tiny({
      withdraw: () => ({
        ok: true,
        events,
        changes: [
          { slot: 'trade-2', action: null },
          { slot: 'trade-3', action: { type: 'trade', n: 2 } },
        ],
      }),
    });
    const got = withdrawAction(rs, open, null, [pend('a', 'trade-1', 5)], 'b', 'trade-1');
    expect(got).toMatchObject({ ok: false, reason: 'nothing-to-withdraw' });
    const mine = withdrawAction(rs, open, null, [pend('a', 'trade-1', 5)], 'a', 'trade-1');
    expect(mine).toEqual({
      ok: true,
      owner: 'a',
      slot: 'trade-1',
      events,
      changes: [
        { owner: 'a', slot: 'trade-1', stored: null },
        { owner: 'a', slot: 'trade-2', stored: null },
        { owner: 'a', slot: 'trade-3', stored: { player: 'a', owner: 'a', slot: 'trade-3', action: { type: 'trade', n: 2 }, seq: 5 } },
      ],
    });
  });

  it('a change of the withdrawn slot itself keeps a mark there instead of emptying it, and still comes first', () => {
    const mark = { type: 'medikit', withdrawn: true };
    const rs = tiny({
      withdraw: () => ({
        ok: true,
        changes: [
          { slot: 'other', action: null },
          { slot: 'medikit-1', action: mark },
        ],
      }),
    });
    const got = withdrawAction(rs, open, null, [pend('a', 'medikit-1', 4)], 'a', 'medikit-1');
    expect(got.ok && got.changes).toEqual([
      { owner: 'a', slot: 'medikit-1', stored: { player: 'a', owner: 'a', slot: 'medikit-1', action: mark, seq: 4 } },
      { owner: 'a', slot: 'other', stored: null },
    ]);
  });
});

describe('applyChanges: what a submission or withdrawal does to the phase’s pending list', () => {
  const pending = [pend('a', 'vote', 1), pend('b', 'vote', 2), pend('a', 'maul', 3)];

  it('replaces exactly the same owner’s same slot, appending the new action last', () => {
    const stored = pend('a', 'vote', 9);
    expect(applyChanges(pending, [{ owner: 'a', slot: 'vote', stored }]).map(key)).toEqual(['b/vote#2', 'a/maul#3', 'a/vote#9']);
  });

  it('empties a slot with a null change, leaving other owners’ same slot and his other slots', () => {
    expect(applyChanges(pending, [{ owner: 'a', slot: 'vote', stored: null }]).map(key)).toEqual(['b/vote#2', 'a/maul#3']);
    expect(applyChanges(pending, [{ owner: 'c', slot: 'vote', stored: null }]).map(key)).toEqual(['a/vote#1', 'b/vote#2', 'a/maul#3']);
  });

  it('applies several changes in order, and no change leaves the list as it is', () => {
    const changes: PendingChange[] = [
      { owner: 'b', slot: 'vote', stored: null },
      { owner: 'c', slot: 'vote', stored: pend('c', 'vote', 4) },
      { owner: 'c', slot: 'vote', stored: pend('c', 'vote', 5) },
    ];
    expect(applyChanges(pending, changes).map(key)).toEqual(['a/vote#1', 'a/maul#3', 'c/vote#5']);
    expect(applyChanges(pending, []).map(key)).toEqual(['a/vote#1', 'b/vote#2', 'a/maul#3']);
    expect(applyChanges([], [{ owner: 'a', slot: 'vote', stored: null }])).toEqual([]);
  });
});

describe('slotOwners and ownPending (Ruleset.groups, decision 6)', () => {
  it('the player himself first, then each group once, in the ruleset’s order, never himself twice', () => {
    expect(slotOwners(tiny(), null, 'a')).toEqual(['a']);
    expect(slotOwners(tiny({ groups: () => [] }), null, 'a')).toEqual(['a']);
    expect(slotOwners(tiny({ groups: () => ['zeta', 'a', 'alpha', 'zeta', 'alpha'] }), null, 'a')).toEqual(['a', 'zeta', 'alpha']);
  });

  it('hands over the slots of those owners only, whoever filled them, in the phase’s order', () => {
    const rs = tiny({ groups: (state) => (state as { groups: string[] }).groups });
    const all = [pend('b', 'vote', 1), pend('g', 'maul', 2, 'b'), pend('a', 'vote', 3, 'a'), pend('a-b', 'vote', 4)];
    expect(ownPending(rs, { groups: ['g'] }, 'a', all).map(key)).toEqual(['g/maul#2', 'a/vote#3']);
    expect(ownPending(rs, { groups: [] }, 'a', all).map(key)).toEqual(['a/vote#3']);
    expect(ownPending(rs, { groups: [] }, 'z', all)).toEqual([]);
  });
});

describe('checkRefusal: "check" means "I am done for this phase" (LUP-5.6)', () => {
  const asked: string[] = [];
  const rs = tiny({
    mayCheck: (_s, player) => {
      asked.push(player);
      return player === 'dead' ? refusal('not-alive') : null;
    },
  });
  const on = { 'check-mode': true };

  it('with check-mode on the ruleset decides who may check', () => {
    asked.length = 0;
    expect(checkRefusal(rs, open, on, null, 'a')).toBeNull();
    expect(checkRefusal(rs, open, on, null, 'dead')).toEqual(refusal('not-alive'));
    expect(asked).toEqual(['a', 'dead']);
  });

  it('check-disabled while check-mode is off or anything but true, without asking the ruleset', () => {
    asked.length = 0;
    for (const mode of [false, undefined, 'true', 1]) {
      expect(checkRefusal(rs, open, { 'check-mode': mode }, null, 'a'), String(mode)).toEqual({
        ok: false,
        reason: 'check-disabled',
        message: 'Check mode is off in this match.',
      });
    }
    expect(checkRefusal(rs, open, {}, null, 'a')?.reason).toBe('check-disabled');
    expect(asked).toEqual([]);
  });

  it('the platform’s refusals come before check-disabled: over, paused, closed, already checked', () => {
    expect(checkRefusal(rs, { ...open, status: 'ended' }, {}, null, 'a')?.reason).toBe('match-over');
    expect(checkRefusal(rs, { ...open, status: 'paused' }, {}, null, 'a')?.reason).toBe('match-paused');
    expect(checkRefusal(rs, { ...open, open: false }, on, null, 'a')?.reason).toBe('phase-closed');
    expect(checkRefusal(rs, { ...open, checked: true }, {}, null, 'a')?.reason).toBe('already-checked');
    expect(checkRefusal(rs, { ...open, checked: true }, on, null, 'dead')?.reason).toBe('already-checked');
  });

  it('a real ruleset: Lupus refuses check-disabled by default and lets a living player check with check-mode on', () => {
    const lupus = findRuleset('lupus')!;
    const state = { players: [{ id: 'a', role: 'zucca-semplice', alive: true }] };
    const defaults = lupus.settings.parse({}) as Record<string, unknown>;
    const dead = { players: [...state.players, { id: 'd', role: 'zucca-semplice', alive: false }] };
    expect(checkRefusal(lupus, open, defaults, state, 'a')?.reason).toBe('check-disabled');
    expect(checkRefusal(lupus, open, { ...defaults, 'check-mode': true }, dead, 'a')).toBeNull();
    expect(checkRefusal(lupus, open, { ...defaults, 'check-mode': true }, dead, 'd')?.reason).toBe('not-alive');
  });
});

describe('everyoneChecked: the phase closes early once every player who counts has checked', () => {
  const rs = (counted: string[]) => tiny({ checkers: () => counted });

  it('true only when every counted player checked; extra checks by others do not count', () => {
    expect(everyoneChecked(rs(['a', 'b']), null, ['a', 'b'])).toBe(true);
    expect(everyoneChecked(rs(['a', 'b']), null, new Set(['b', 'x', 'a']))).toBe(true);
    expect(everyoneChecked(rs(['a', 'b']), null, ['a'])).toBe(false);
    expect(everyoneChecked(rs(['a', 'b']), null, ['b'])).toBe(false);
    expect(everyoneChecked(rs(['a', 'b']), null, ['x', 'y'])).toBe(false);
    expect(everyoneChecked(rs(['a']), null, [])).toBe(false);
  });

  it('never when nobody counts, so a phase without checkers waits for its deadline', () => {
    expect(everyoneChecked(rs([]), null, [])).toBe(false);
    expect(everyoneChecked(rs([]), null, ['a'])).toBe(false);
  });
});

describe('postMessage: channel messages are not actions', () => {
  const posted: string[] = [];
  const rs = tiny({
    post: (_s, player, channel, text) => {
      posted.push(`${player}@${channel}:${text}`);
      return channel === 'pack'
        ? { ok: true, events: [{ kind: 'message', to: channel, from: player, text }] }
        : refusal('channel-forbidden');
    },
  });

  it('decision 4: accepted while paused, after the deadline and after a check; the ruleset decides the rest', () => {
    posted.length = 0;
    for (const gate of [open, { ...open, status: 'paused' as const }, { ...open, open: false }, { ...open, checked: true }]) {
      expect(postMessage(rs, gate, null, 'w', 'pack', 'hi')).toEqual({
        ok: true,
        events: [{ kind: 'message', to: 'pack', from: 'w', text: 'hi' }],
      });
    }
    expect(postMessage(rs, open, null, 'v', 'town', 'yo')).toEqual(refusal('channel-forbidden'));
    expect(posted).toEqual(['w@pack:hi', 'w@pack:hi', 'w@pack:hi', 'w@pack:hi', 'v@town:yo']);
  });

  it('refused match-over once the match has ended, without asking the ruleset', () => {
    posted.length = 0;
    expect(postMessage(rs, { ...open, status: 'ended' }, null, 'w', 'pack', 'hi')).toMatchObject({ ok: false, reason: 'match-over' });
    expect(posted).toEqual([]);
  });
});

describe('canonicalOrder: resolution reads by owner, then slot, never by submission', () => {
  it('sorts owners and slots by code unit (p10 before p2), the input untouched', () => {
    const input = [
      pend('p2', 'vote', 1),
      pend('p10', 'vote', 2),
      pend('p2', 'maul', 3),
      pend('pack', 'maul', 4),
      pend('p10', 'act-2', 5),
      pend('p10', 'act-10', 6),
    ];
    const before = input.map(key);
    expect(canonicalOrder(input).map(key)).toEqual(['p10/act-10#6', 'p10/act-2#5', 'p10/vote#2', 'p2/maul#3', 'p2/vote#1', 'pack/maul#4']);
    expect(input.map(key)).toEqual(before);
  });

  it('the same order whatever the submission order (reversed input gives the same list)', () => {
    const input = [pend('c', 'x', 1), pend('a', 'y', 2), pend('b', 'x', 3), pend('a', 'x', 4), pend('c', 'a', 5)];
    const sorted = canonicalOrder(input).map(key);
    expect(sorted).toEqual(['a/x#4', 'a/y#2', 'b/x#3', 'c/a#5', 'c/x#1']);
    expect(canonicalOrder([...input].reverse()).map(key)).toEqual(sorted);
  });

  it('entries of the same owner and slot keep their relative order; an empty or single list is itself', () => {
    expect(canonicalOrder([pend('a', 'x', 2), pend('a', 'x', 1), pend('a', 'x', 3)]).map((p) => p.seq)).toEqual([2, 1, 3]);
    expect(canonicalOrder([])).toEqual([]);
    const one = [pend('a', 'x')];
    expect(canonicalOrder(one)).toEqual(one);
    expect(canonicalOrder(one)).not.toBe(one);
  });
});

describe('closePhase: same state, actions and seed give the same resolution', () => {
  interface S {
    phase: string | null;
    winner: string | null;
  }
  const seen: Array<{ actions: PendingAction[]; first: number; mode: string }> = [];
  const rs = tiny({
    phase: (s) => (s as S).phase,
    outcome: (s) => (s as S).winner,
    resolve(state, actions, rng: Rng) {
      seen.push({ actions, first: rng.next(), mode: rng.mode });
      const s = state as S;
      const ends = actions.some((a) => a.action.type === 'end');
      return {
        state: { phase: ends ? null : 'day-2', winner: ends ? 'town' : null },
        events: [{ kind: 'resolved', to: 'public', from: s.phase }],
        ...(ends ? {} : { opening: [{ kind: 'opened', to: 'public' }] }),
      };
    },
  });

  it('hands the ruleset the canonical order and the phase’s own stream of the match seed', () => {
    seen.length = 0;
    const got = closePhase(rs, { phase: 'night-1', winner: null }, [pend('b', 'vote', 1), pend('a', 'vote', 2)], 'seed-1', 'fail');
    expect(seen[0]!.actions.map(key)).toEqual(['a/vote#2', 'b/vote#1']);
    expect(seen[0]!.first).toBe(createRng('seed-1', 'fail', 'night-1').next());
    expect(seen[0]!.first).not.toBe(createRng('seed-1', 'fail', 'setup').next());
    expect(seen[0]!.mode).toBe('fail');
    expect(got).toEqual({
      state: { phase: 'day-2', winner: null },
      events: [{ kind: 'resolved', to: 'public', from: 'night-1' }],
      opening: [{ kind: 'opened', to: 'public' }],
      next: 'day-2',
      winner: null,
    });
  });

  it('names the winner and no next phase when the resolution ends the match; no opening is an empty list', () => {
    const got = closePhase(rs, { phase: 'day-3', winner: null }, [pend('a', 'end')], 's', 'natural');
    expect(got).toMatchObject({ next: null, winner: 'town', opening: [] });
  });

  it('refuses to resolve an ended match', () => {
    expect(() => closePhase(rs, { phase: null, winner: 'town' }, [], 's', 'natural')).toThrow('closePhase on an ended match');
  });
});

describe('startMatch, dealtPlayers and quorumShortfall (D33, MAF-1.9)', () => {
  const mafia = findRuleset('mafia')!;
  const lupus = findRuleset('lupus')!;
  const joined = (...specialties: Array<string | undefined>) =>
    specialties.map((specialty, i) => ({ id: `p${i + 1}`, options: specialty === undefined ? {} : { specialty } }));

  it('deals every joined player in seat order, unless the ruleset leaves some out (MAF-1.9: no specialty)', () => {
    const players = joined('mage', undefined, 'guard', '');
    expect(dealtPlayers(lupus, players)).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(dealtPlayers(mafia, players)).toEqual(['p1', 'p3']);
    expect(dealtPlayers(lupus, [])).toEqual([]);
  });

  it('MAF-1.9: a start one dealt player short of the quorum is refused, naming the numbers; reaching it exactly is enough', () => {
    const settings = { ...(mafia.settings.parse({}) as Record<string, unknown>), quorum: 3 };
    expect(quorumShortfall(mafia, settings, joined('mage', undefined, 'guard', undefined))).toEqual({
      code: 'quorum-not-reached',
      joined: 4,
      dealt: 2,
      quorum: 3,
      message: 'Quorum not reached: 2 of the 4 joined players would be dealt in; 3 are needed to start.',
    });
    expect(quorumShortfall(mafia, settings, joined('mage', undefined, 'guard', 'mage'))).toBeNull();
    expect(quorumShortfall(mafia, settings, joined('mage', 'guard', 'mage', 'guard'))).toBeNull();
    expect(quorumShortfall(mafia, settings, [])).toMatchObject({ joined: 0, dealt: 0, quorum: 3 });
  });

  it('no quorum when the ruleset declares no minimum (Lupus seats only a maximum, LUP-4.2)', () => {
    expect(quorumShortfall(lupus, lupus.settings.parse({}) as Record<string, unknown>, [])).toBeNull();
    expect(quorumShortfall(tiny(), {}, [])).toBeNull();
    expect(quorumShortfall(tiny({ seats: () => ({ max: 2 }) }), {}, [])).toBeNull();
    expect(quorumShortfall(tiny({ seats: () => ({ min: 0 }) }), {}, [])).toBeNull();
    expect(quorumShortfall(tiny({ seats: () => ({ min: 1 }) }), {}, [])).toMatchObject({ code: 'quorum-not-reached', dealt: 0, quorum: 1 });
  });

  it('sets the match up from the setup stream of its seed and reports the phase it opens at', () => {
    let input: unknown;
    let first = 0;
    const rs = tiny({
      setup(i) {
        input = i;
        first = i.rng.next();
        return { state: { opening: 'night-1' }, events: [{ kind: 'match-started', to: 'public' }] };
      },
      phase: (s) => (s as { opening: string }).opening,
    });
    const players = [{ id: 'a', name: 'A', options: {}, fixed: {} }];
    const got = startMatch(rs, { players, settings: { x: 1 }, seed: 'abc', dice: 'succeed', setup: { phase: 'night-1' } });
    expect(got).toEqual({ state: { opening: 'night-1' }, events: [{ kind: 'match-started', to: 'public' }], phase: 'night-1' });
    expect(input).toMatchObject({ players, settings: { x: 1 }, setup: { phase: 'night-1' }, rng: { mode: 'succeed' } });
    expect(first).toBe(createRng('abc', 'succeed', 'setup').next());
  });
});

describe('pendingAfterRemoval (decision 2): a modkill drops his slots and the slots withdrawn for naming him', () => {
  const pending = [
    pend('x', 'vote', 1),
    pend('pack', 'maul', 2, 'x'),
    pend('x', 'gift', 3, 'y'),
    pend('y', 'vote', 4),
    pend('y', 'maul', 5),
    pend('z', 'vote', 6),
  ];

  it('drops what he filled or owns; keeps everyone else’s in order when nothing was withdrawn', () => {
    expect(pendingAfterRemoval(pending, 'x', []).map(key)).toEqual(['y/vote#4', 'y/maul#5', 'z/vote#6']);
    expect(pendingAfterRemoval(pending, 'nobody', []).map(key)).toEqual(pending.map(key));
  });

  it('drops a withdrawn slot by owner and slot together, not another owner’s same slot or his other slot', () => {
    expect(pendingAfterRemoval(pending, 'x', [{ owner: 'y', slot: 'vote' }]).map(key)).toEqual(['y/maul#5', 'z/vote#6']);
    expect(
      pendingAfterRemoval(pending, 'nobody', [
        { owner: 'z', slot: 'vote' },
        { owner: 'pack', slot: 'maul' },
      ]).map(key),
    ).toEqual(['x/vote#1', 'x/gift#3', 'y/vote#4', 'y/maul#5']);
  });

  it('owner and slot are matched as a pair: p/1vote is not p1/vote', () => {
    const list = [pend('p1', 'vote', 1), pend('p', '1vote', 2)];
    expect(pendingAfterRemoval(list, 'q', [{ owner: 'p', slot: '1vote' }]).map(key)).toEqual(['p1/vote#1']);
  });
});

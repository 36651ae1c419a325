// Decision 9 (import replays, it never trusts): the events a record holds between a phase's opening and
// its close are each rebuilt by the step that makes them (functions/service/toolkit/given-events.ts).
// Pure: the exported records of ./records, the shipped rulesets, and small stand-in rulesets.
import { describe, expect, it } from 'vitest';
import { withReaders, type EventOrigin, type StoredEvent } from '../../../engine/core/events.js';
import type { ActionInput, GameEvent, PendingAction, Ruleset } from '../../../engine/core/types.js';
import {
  canonical,
  noticeIsMade,
  rebuildSubmission,
  stepsOf,
  strayBallot,
  type Step,
} from '../../../functions/service/toolkit/given-events.js';
import { eventsOfKind, loadRecord, openState, phaseOf, rulesetOf } from './records/records.js';

type Submission = Extract<Step, { kind: 'submission' }>;

const slotKey = (owner: string, slot: string) => `${owner}\u0000${slot}`;
const action = (player: string, slot: string, act: ActionInput, extra: Partial<PendingAction> = {}): PendingAction => ({
  player,
  owner: player,
  slot,
  action: act as PendingAction['action'],
  seq: 0,
  ...extra,
});

/** A submission step made of these stored events (their own origin). */
const stepOf = (events: StoredEvent[]): Submission => ({ kind: 'submission', origin: events[0]!.origin as Submission['origin'], events });
/** A submission's stored events as a ruleset without channels writes them. */
const submitted = (phase: string, events: GameEvent[], at = 1000): StoredEvent[] =>
  withReaders(events, [], phase, { kind: 'submission', at, salt: 'abcdef' });

const refuse = () => ({ ok: false as const, reason: 'refused', message: 'refused' });
/** A stand-in ruleset: no channels, refuses every post and action unless told otherwise. */
function stub(parts: Record<string, unknown>): Ruleset {
  return { channels: () => [], post: refuse, validate: refuse, ...parts } as unknown as Ruleset;
}

describe('canonical (decision 9: a DynamoDB map keeps no key order)', () => {
  it('writes every object with its keys sorted, at every depth', () => {
    expect(canonical({ c: 1, b: { z: true, a: null }, a: [{ y: 1, x: 2 }] })).toBe('{"a":[{"x":2,"y":1}],"b":{"a":null,"z":true},"c":1}');
  });

  it('gives the same text whatever the key order, and another text for another value', () => {
    expect(canonical({ kind: 'vote-cast', voter: 'anna', target: 'bruno' })).toBe(
      canonical({ target: 'bruno', voter: 'anna', kind: 'vote-cast' }),
    );
    expect(canonical({ kind: 'vote-cast', target: 'bruno' })).not.toBe(canonical({ kind: 'vote-cast', target: 'elena' }));
  });

  it('sorts keys given in reverse order, longer lists too', () => {
    const keys = 'zyxwvutsrqponmlkjihgfedcba'.split('');
    const text = canonical(Object.fromEntries(keys.map((k, i) => [k, i])));
    expect(Object.keys(JSON.parse(text) as object)).toEqual([...keys].sort());
    expect(canonical({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
  });

  it('keeps arrays as arrays, in their order, and null, numbers and strings as JSON writes them', () => {
    expect(canonical(['b', 'a'])).toBe('["b","a"]');
    expect(canonical([])).toBe('[]');
    expect(canonical(null)).toBe('null');
    expect(canonical({ a: null, b: [null, 1, 'x'] })).toBe('{"a":null,"b":[null,1,"x"]}');
    expect(canonical('text')).toBe('"text"');
    expect(canonical(undefined)).toBeUndefined();
  });
});

describe('stepsOf: the steps taken while a phase is open, in seq order', () => {
  it('leaves out the start, opening, close and notice events (lupus-seven night-1: one pack post)', () => {
    const night = phaseOf(loadRecord('lupus-seven'), 'night-1');
    const steps = stepsOf(night.events);
    expect(steps).toHaveLength(1);
    expect(steps[0]!.kind).toBe('submission');
    expect(steps[0]!.events.map((e) => e.event)).toEqual([{ kind: 'message', from: 'bruno', to: 'pack', text: 'we wait' }]);
  });

  it('gives each step of day-1 its kind: a substitution, eleven submissions, a removal', () => {
    const day = phaseOf(loadRecord('lupus-seven'), 'day-1');
    const steps = stepsOf(day.events);
    expect(steps.map((s) => s.kind)).toEqual(['substitution', ...Array<string>(10).fill('submission'), 'removal']);
    expect(steps.map((s) => s.events.length)).toEqual(Array<number>(12).fill(1));
    expect(steps[0]).toMatchObject({ kind: 'substitution', origin: { kind: 'substitution', player: 'fabio' } });
    expect(steps[11]).toMatchObject({ kind: 'removal', origin: { kind: 'removal', player: 'dario' } });
  });

  it('orders the steps by seq whatever order the file gives, and leaves the given list as it was', () => {
    const day = phaseOf(loadRecord('lupus-seven'), 'day-1');
    const reversed = [...day.events].reverse();
    const copy = [...reversed];
    const steps = stepsOf(reversed);
    expect(steps.map((s) => s.events[0]!.seq)).toEqual(stepsOf(day.events).map((s) => s.events[0]!.seq));
    expect(steps[0]!.kind).toBe('substitution');
    expect(reversed).toEqual(copy);
  });

  it('keeps the events of one step together (same seq prefix), in seq order', () => {
    const origin: EventOrigin = { kind: 'removal', at: 5000, player: 'dario' };
    const removal = withReaders(
      [
        { kind: 'death', to: 'public', player: 'dario' },
        { kind: 'role-revealed', to: 'public', player: 'dario' },
      ],
      [],
      'day-1',
      origin,
    );
    const vote = submitted('day-1', [{ kind: 'vote-cast', to: 'public', voter: 'anna', target: 'bruno' }], 4000);
    const later = submitted('day-1', [{ kind: 'vote-cast', to: 'public', voter: 'gina', target: 'bruno' }], 6000);
    const steps = stepsOf([later[0]!, removal[1]!, vote[0]!, removal[0]!]);
    expect(steps.map((s) => s.kind)).toEqual(['submission', 'removal', 'submission']);
    expect(steps[1]!.events).toEqual(removal);
    expect(steps[1]).toMatchObject({ origin });
    expect(steps[2]!.events).toEqual(later);
  });

  it('makes two steps of two submissions in the same millisecond with other salts', () => {
    const a = withReaders([{ kind: 'message', to: 'public', from: 'anna', text: 'a' }], [], 'day-1', {
      kind: 'submission',
      at: 7,
      salt: '000001',
    });
    const b = withReaders([{ kind: 'message', to: 'public', from: 'anna', text: 'b' }], [], 'day-1', {
      kind: 'submission',
      at: 7,
      salt: '000002',
    });
    expect(stepsOf([...b, ...a]).map((s) => s.events.map((e) => e.event.text))).toEqual([['a'], ['b']]);
  });

  it('gives an event without origin (a seq no step writes) a step of its own, kind unknown, never joined to another', () => {
    const vote = submitted('day-1', [{ kind: 'vote-cast', to: 'public', voter: 'anna', target: 'bruno' }], 4000);
    // A record's event whose seq no step writes comes without origin (record.ts), which StoredEvent does not foresee.
    const stray = (seq: string) =>
      ({ phase: 'day-1', seq, event: { kind: 'vote-cast', to: 'public', voter: 'bruno', target: 'anna' } }) as unknown as StoredEvent;
    const u1 = stray('000000000004000-abcdef-000001x');
    const u2 = stray('000000000004000-abcdef-000002x');
    const steps = stepsOf([u2, vote[0]!, u1]);
    expect(steps.map((s) => s.kind)).toEqual(['submission', 'unknown', 'unknown']);
    expect(steps.map((s) => s.events)).toEqual([[vote[0]], [u1], [u2]]);
    // A timed event after an unknown one starts a step of its own too.
    const after = submitted('day-1', [{ kind: 'vote-cast', to: 'public', voter: 'gina', target: 'bruno' }], 4000)[0]!;
    const again = { ...after, seq: '000000000004000-abcdef-000003' };
    expect(stepsOf([vote[0]!, u1, again]).map((s) => s.events.length)).toEqual([1, 1, 1]);
  });

  it('keeps the file\u2019s order of events with the same seq (a stable sort)', () => {
    const [a] = submitted('day-1', [{ kind: 'message', to: 'public', from: 'anna', text: 'first' }], 4000);
    const b = { ...a!, event: { ...a!.event, text: 'second' } };
    expect(stepsOf([a!, b]).map((s) => s.events.map((e) => e.event.text))).toEqual([['first', 'second']]);
    expect(stepsOf([b, a!]).map((s) => s.events.map((e) => e.event.text))).toEqual([['second', 'first']]);
  });

  it('leaves out a phase\u2019s opening events (killgame-p01 tactic-2: the market, KG-8.3)', () => {
    const tactic = phaseOf(loadRecord('killgame-p01'), 'tactic-2');
    expect(tactic.events.map((e) => e.origin?.kind)).toEqual(['opening']);
    expect(stepsOf(tactic.events)).toEqual([]);
  });

  it('gives no step for a phase with only its start, close and notices', () => {
    expect(stepsOf(phaseOf(loadRecord('lupus-seven'), 'night-2').events)).toEqual([]);
    expect(stepsOf([])).toEqual([]);
  });

  it('keeps a forced end as a step of its own (lupus-forced day-1)', () => {
    const steps = stepsOf(phaseOf(loadRecord('lupus-forced'), 'day-1').events);
    expect(steps.map((s) => s.kind)).toEqual(['submission', 'forced-end']);
  });
});

describe('strayBallot: the submissions left in a slot are what the close read there', () => {
  const vote = (target: string) => ({ type: 'vote', target });
  const mark = submitted('day-1', [{ kind: 'vote-cast', to: 'public', voter: 'anna', target: 'bruno' }])[0]!;
  const other = submitted('day-1', [{ kind: 'vote-cast', to: 'public', voter: 'carla', target: 'elena' }], 2000)[0]!;

  it('finds nothing when nothing is pending, or every slot holds its final action', () => {
    expect(strayBallot([], [action('anna', 'ballot', vote('bruno'))], new Map())).toBeNull();
    const held = [action('anna', 'ballot', vote('bruno')), action('carla', 'ballot', vote('elena'))];
    expect(strayBallot(held, [...held].reverse(), new Map([[slotKey('anna', 'ballot'), mark]]))).toBeNull();
  });

  it('names the event of a slot whose action differs from the final one of the same type', () => {
    const marks = new Map([
      [slotKey('anna', 'ballot'), mark],
      [slotKey('carla', 'ballot'), other],
    ]);
    const held = [action('anna', 'ballot', vote('bruno')), action('carla', 'ballot', vote('elena'))];
    expect(strayBallot(held, [action('anna', 'ballot', vote('bruno')), action('carla', 'ballot', vote('gina'))], marks)).toBe(other);
    expect(strayBallot(held, [action('anna', 'ballot', vote('gina')), action('carla', 'ballot', vote('gina'))], marks)).toBe(mark);
  });

  it('compares the actions as JSON values: key order does not matter', () => {
    const held = [action('anna', 'ballot', { target: 'bruno', type: 'vote' } as ActionInput)];
    expect(strayBallot(held, [action('anna', 'ballot', vote('bruno'))], new Map([[slotKey('anna', 'ballot'), mark]]))).toBeNull();
  });

  it('does not judge a slot the close found empty, another slot or owner, or another kind of action', () => {
    const marks = new Map([[slotKey('anna', 'ballot'), mark]]);
    const held = [action('anna', 'ballot', vote('bruno'))];
    expect(strayBallot(held, [], marks)).toBeNull();
    expect(strayBallot(held, [action('anna', 'other', vote('elena'))], marks)).toBeNull();
    expect(strayBallot(held, [action('carla', 'ballot', vote('elena'), { player: 'anna' })], marks)).toBeNull();
    expect(strayBallot(held, [action('anna', 'ballot', { type: 'abstain' })], marks)).toBeNull();
  });

  it('reads the final action of the same owner and slot, not the first final of either', () => {
    const marks = new Map([[slotKey('anna', 'ballot'), mark]]);
    const held = [action('anna', 'ballot', vote('bruno'))];
    const finals = [
      action('carla', 'ballot', vote('elena')),
      action('anna', 'spare', vote('elena')),
      action('anna', 'ballot', vote('bruno')),
    ];
    expect(strayBallot(held, finals, marks)).toBeNull();
    const changed = [
      action('carla', 'ballot', vote('bruno')),
      action('anna', 'spare', vote('bruno')),
      action('anna', 'ballot', vote('elena')),
    ];
    expect(strayBallot(held, changed, marks)).toBe(mark);
  });

  it('answers null for a differing slot without a mark', () => {
    expect(strayBallot([action('anna', 'ballot', vote('bruno'))], [action('anna', 'ballot', vote('elena'))], new Map())).toBeNull();
  });
});

describe('rebuildSubmission (decision 9): a submission as the engine makes it from the state of the moment', () => {
  const seven = loadRecord('lupus-seven');
  const lupus = rulesetOf(seven);
  const seats = seven.start!.players.map((p) => p.id);
  const day = phaseOf(seven, 'day-1');
  const dayState = () => openState('lupus-seven', 'day-1');
  const nightState = () => openState('lupus-seven', 'night-1');
  const votes = eventsOfKind(seven, 'day-1', 'vote-cast').map((v) => v.stored);
  const [annaBruno, carlaBruno, , , carlaElena, carlaAgain, , elenaAbstains] = votes;
  const withdrawn = eventsOfKind(seven, 'day-1', 'vote-withdrawn')[0]!.stored;

  const rebuild = (
    state: unknown,
    phase: string,
    events: StoredEvent[],
    pending: PendingAction[] = [],
    marks = new Map<string, StoredEvent>(),
    finals = day.actions,
  ) => rebuildSubmission(lupus, state, phase, stepOf(events), seats, finals, pending, marks);

  it('rebuilds a pack post with its readers (lupus-seven night-1, LUP-12), and leaves pending alone', () => {
    const post = eventsOfKind(seven, 'night-1', 'message')[0]!.stored;
    const pending: PendingAction[] = [];
    const rebuilt = rebuild(nightState(), 'night-1', [post], pending);
    expect(canonical(rebuilt)).toBe(canonical([post]));
    expect(rebuilt![0]!.readers).toEqual(['bruno', 'elena']);
    expect(pending).toEqual([]);
  });

  it('rebuilds a public post by any seat it names, and none that no seat could write', () => {
    const post = eventsOfKind(seven, 'day-1', 'message')[0]!.stored;
    expect(canonical(rebuild(dayState(), 'day-1', [post]))).toBe(canonical([post]));
    // Anna is no wolf: the pack's channel takes no post of hers, and a post by a wolf says `from` a wolf.
    const forged = { ...post, event: { ...post.event, from: 'anna', to: 'pack' } };
    expect(rebuild(nightState(), 'day-1', [forged])).toBeNull();
  });

  it('rebuilds a ballot, stores it in its slot and marks it (LUP-8.2 ballots are public as cast)', () => {
    const pending: PendingAction[] = [];
    const marks = new Map<string, StoredEvent>();
    const rebuilt = rebuild(dayState(), 'day-1', [annaBruno!], pending, marks);
    expect(canonical(rebuilt)).toBe(canonical([annaBruno]));
    expect(pending).toEqual([{ player: 'anna', owner: 'anna', slot: 'ballot', action: { type: 'vote', target: 'bruno' }, seq: 0 }]);
    expect([...marks]).toEqual([[slotKey('anna', 'ballot'), annaBruno]]);
  });

  it('tries the ballot the event names even when the final actions hold another', () => {
    const pending: PendingAction[] = [];
    const rebuilt = rebuild(dayState(), 'day-1', [carlaElena!], pending, new Map(), []);
    expect(canonical(rebuilt)).toBe(canonical([carlaElena]));
    expect(pending).toEqual([action('carla', 'ballot', { type: 'vote', target: 'elena' })]);
  });

  it('rebuilds an abstention from a vote-cast with no target (LUP-8.3)', () => {
    const pending: PendingAction[] = [];
    expect(canonical(rebuild(dayState(), 'day-1', [elenaAbstains!], pending, new Map(), []))).toBe(canonical([elenaAbstains]));
    expect(pending).toEqual([action('elena', 'ballot', { type: 'abstain' })]);
  });

  it('replaces a player\u2019s ballot in its slot, keeps the others, and moves the mark to the new event', () => {
    const pending: PendingAction[] = [];
    const marks = new Map<string, StoredEvent>();
    rebuild(dayState(), 'day-1', [annaBruno!], pending, marks);
    rebuild(dayState(), 'day-1', [carlaBruno!], pending, marks);
    rebuild(dayState(), 'day-1', [carlaElena!], pending, marks);
    expect(pending).toEqual([
      action('anna', 'ballot', { type: 'vote', target: 'bruno' }),
      action('carla', 'ballot', { type: 'vote', target: 'elena' }),
    ]);
    expect(marks.get(slotKey('carla', 'ballot'))).toBe(carlaElena);
    expect(marks.get(slotKey('anna', 'ballot'))).toBe(annaBruno);
  });

  it('rebuilds a withdrawal of what was stored, empties that slot only and drops its mark (LUP-8.2)', () => {
    const pending: PendingAction[] = [];
    const marks = new Map<string, StoredEvent>();
    rebuild(dayState(), 'day-1', [annaBruno!], pending, marks);
    rebuild(dayState(), 'day-1', [carlaElena!], pending, marks);
    const rebuilt = rebuild(dayState(), 'day-1', [withdrawn], pending, marks);
    expect(canonical(rebuilt)).toBe(canonical([withdrawn]));
    expect(pending).toEqual([action('anna', 'ballot', { type: 'vote', target: 'bruno' })]);
    expect([...marks.keys()]).toEqual([slotKey('anna', 'ballot')]);
    // Carla votes again: her new ballot is the one marked.
    rebuild(dayState(), 'day-1', [carlaAgain!], pending, marks);
    expect(marks.get(slotKey('carla', 'ballot'))).toBe(carlaAgain);
  });

  it('makes no withdrawal of a ballot that was never stored', () => {
    const pending: PendingAction[] = [];
    expect(rebuild(dayState(), 'day-1', [withdrawn], pending)).toBeNull();
    const annas = [action('anna', 'ballot', { type: 'vote', target: 'bruno' })];
    expect(rebuild(dayState(), 'day-1', [withdrawn], annas)).toBeNull();
    expect(annas).toHaveLength(1);
  });

  it('makes no ballot no seat could cast: a vote at night, a vote for nobody at the table', () => {
    expect(rebuild(nightState(), 'night-1', [annaBruno!])).toBeNull();
    const pending: PendingAction[] = [];
    const ghost = { ...annaBruno!, event: { ...annaBruno!.event, target: 'zeno' } };
    expect(rebuild(dayState(), 'day-1', [ghost], pending)).toBeNull();
    expect(pending).toEqual([]);
  });

  it('makes no event that differs from what the engine writes, even in one field', () => {
    expect(rebuild(dayState(), 'day-1', [{ ...annaBruno!, readers: ['anna'] }])).toBeNull();
    expect(rebuild(dayState(), 'day-1', [{ ...annaBruno!, event: { ...annaBruno!.event, note: 'x' } }])).toBeNull();
  });

  describe('with a stand-in ruleset', () => {
    const seatsABC = ['a', 'b', 'c'];
    const vote = (voter: string) => ({ kind: 'vote-cast', to: 'public', voter });
    const accepts =
      (events: GameEvent[], slot = 'ballot') =>
      (_s: unknown, player: string, act: ActionInput) => ({ ok: true, owner: player, slot, action: act, events });
    const run = (
      ruleset: Ruleset,
      events: GameEvent[],
      opts: { seats?: string[]; finals?: PendingAction[]; pending?: PendingAction[]; marks?: Map<string, StoredEvent> } = {},
    ) => {
      const pending = opts.pending ?? [];
      const marks = opts.marks ?? new Map<string, StoredEvent>();
      const result = rebuildSubmission(
        ruleset,
        {},
        'day-1',
        stepOf(submitted('day-1', events)),
        opts.seats ?? seatsABC,
        opts.finals ?? [action('x', 'ballot', { type: 'pass' })],
        pending,
        marks,
      );
      return { result, pending, marks };
    };

    /** The player a ruleset that takes anything from anyone stores this event's action for: the first author tried. */
    const firstTried = (event: GameEvent, seats = seatsABC) =>
      run(stub({ validate: accepts([event]) }), [event], { seats }).pending[0]?.player;

    it('tries the players the events name first (voter, from, player), then every seat in order', () => {
      expect(firstTried(vote('c'))).toBe('c');
      expect(firstTried({ kind: 'noted', to: 'public', from: 'b' })).toBe('b');
      expect(firstTried({ kind: 'noted', to: 'public', player: 'c' })).toBe('c');
      expect(firstTried({ kind: 'noted', to: 'public', voter: 'b', from: 'c' })).toBe('b');
      expect(firstTried({ kind: 'noted', to: 'public' })).toBe('a');
    });

    it('names only seats: a name that is no seat, or no string, is not tried first', () => {
      expect(firstTried({ kind: 'noted', to: 'public', voter: 'pack', from: 7 })).toBe('a');
      expect(firstTried({ kind: 'noted', to: 'public', player: 'c' }, ['a', 'b'])).toBe('a');
    });

    it('tries each candidate action once per author: the finals, then the ballots the events name', () => {
      const tried: string[] = [];
      const counting = stub({
        validate: (_s: unknown, player: string, act: ActionInput) => {
          tried.push(`${player}:${JSON.stringify(act)}`);
          return refuse();
        },
      });
      const finals = [action('a', 'ballot', { type: 'vote', target: 'b' }), action('b', 'ballot', { type: 'vote', target: 'b' })];
      const events = [
        { kind: 'vote-cast', to: 'public', voter: 'a', target: 'b' },
        { kind: 'vote-cast', to: 'public', voter: 'a', target: null },
        { kind: 'vote-cast', to: 'public', voter: 'a' },
        { kind: 'other', to: 'public', target: 'c' },
      ];
      expect(run(counting, events, { seats: ['a', 'b'], finals }).result).toBeNull();
      const each = ['{"type":"vote","target":"b"}', '{"type":"abstain"}'];
      expect(tried).toEqual([...each.map((a) => `a:${a}`), ...each.map((a) => `b:${a}`)]);
    });

    it('takes an abstention for a vote-cast without a target', () => {
      const abstains = stub({
        validate: (_s: unknown, player: string, act: ActionInput) =>
          act.type === 'abstain'
            ? { ok: true, owner: player, slot: 'ballot', action: act, events: [{ kind: 'vote-cast', to: 'public', voter: player }] }
            : refuse(),
      });
      const { result, pending } = run(abstains, [{ kind: 'vote-cast', to: 'public', voter: 'b' }], { finals: [] });
      expect(result).toHaveLength(1);
      expect(pending).toEqual([action('b', 'ballot', { type: 'abstain' })]);
    });

    it('replaces only the slot the verdict names: same owner and same slot', () => {
      const anyone = stub({ validate: accepts([vote('a')]) });
      const others = [action('a', 'spare', { type: 'x' }), action('b', 'ballot', { type: 'x' }), action('a', 'ballot', { type: 'old' })];
      const { pending, marks } = run(anyone, [vote('a')], { pending: [...others] });
      expect(pending).toEqual([others[0], others[1], { player: 'a', owner: 'a', slot: 'ballot', action: { type: 'pass' }, seq: 0 }]);
      expect([...marks.keys()]).toEqual([slotKey('a', 'ballot')]);
    });

    it('reads the events of an accepted action that has none as none', () => {
      const bare = stub({
        validate: (_s: unknown, player: string, act: ActionInput) => ({ ok: true, owner: player, slot: 'ballot', action: act }),
      });
      expect(run(bare, [vote('a')]).result).toBeNull();
    });

    it('takes a lone message as a post, tried by every author until one writes the same', () => {
      const posts = stub({
        post: (_s: unknown, player: string, to: string, text: string) =>
          player === 'b' ? { ok: true, events: [{ kind: 'message', to, text }] } : refuse(),
      });
      const { result, pending } = run(posts, [{ kind: 'message', to: 'public', text: 'hi' }]);
      expect(result!.map((e) => e.event)).toEqual([{ kind: 'message', to: 'public', text: 'hi' }]);
      expect(pending).toEqual([]);
      // What the post writes must be the message: another text is no post of it.
      const echoes = stub({
        post: (_s: unknown, _p: string, to: string) => ({ ok: true, events: [{ kind: 'message', to, text: 'other' }] }),
      });
      expect(run(echoes, [{ kind: 'message', to: 'public', text: 'hi' }]).result).toBeNull();
    });

    it('asks for a post only for one message with a text', () => {
      const calls: unknown[] = [];
      const posts = stub({
        post: (_s: unknown, _p: string, to: string, text: unknown) => {
          calls.push(text);
          return {
            ok: true,
            events: [
              { kind: 'message', to, text },
              { kind: 'message', to, text },
            ],
          };
        },
      });
      expect(
        run(posts, [
          { kind: 'message', to: 'public', text: 'hi' },
          { kind: 'message', to: 'public', text: 'hi' },
        ]).result,
      ).toBeNull();
      expect(run(posts, [{ kind: 'message', to: 'public' }]).result).toBeNull();
      expect(run(posts, [{ kind: 'note', to: 'public', text: 'hi' }]).result).toBeNull();
      expect(calls).toEqual([]);
    });

    it('falls back to actions for a lone message no post writes', () => {
      const acts = stub({ validate: accepts([{ kind: 'message', to: 'public', text: 'hi' }]) });
      const { result, pending } = run(acts, [{ kind: 'message', to: 'public', text: 'hi' }]);
      expect(result).toHaveLength(1);
      expect(pending).toHaveLength(1);
    });

    it('withdraws the first stored action whose withdrawal writes the events, and only that one', () => {
      const tried: string[] = [];
      const withdraws = stub({
        withdraw: (_s: unknown, player: string, held: PendingAction) => {
          tried.push(`${player}:${held.owner}/${held.slot}`);
          return held.slot === 'refused'
            ? refuse()
            : { ok: true, events: held.slot === 'ballot' ? [{ kind: 'vote-withdrawn', to: 'public', voter: held.owner }] : [] };
        },
      });
      const held = [
        action('a', 'refused', { type: 'x' }),
        action('a', 'quiet', { type: 'x' }),
        action('b', 'ballot', { type: 'x' }),
        action('a', 'ballot', { type: 'x' }),
      ];
      const marks = new Map<string, StoredEvent>([
        [slotKey('a', 'ballot'), submitted('day-1', [vote('a')])[0]!],
        [slotKey('b', 'ballot'), submitted('day-1', [vote('b')])[0]!],
      ]);
      const { result, pending } = run(withdraws, [{ kind: 'vote-withdrawn', to: 'public', voter: 'a' }], { pending: [...held], marks });
      expect(result!.map((e) => e.event)).toEqual([{ kind: 'vote-withdrawn', to: 'public', voter: 'a' }]);
      expect(pending).toEqual([held[0], held[1], held[2]]);
      expect([...marks.keys()]).toEqual([slotKey('b', 'ballot')]);
      expect(tried).toEqual(['a:a/refused', 'a:a/quiet', 'a:b/ballot', 'a:a/ballot']);
    });

    it('reads a withdrawal that writes nothing as writing nothing', () => {
      const bare = stub({ withdraw: () => ({ ok: true }) });
      const held = [action('a', 'ballot', { type: 'x' })];
      expect(run(bare, [{ kind: 'vote-withdrawn', to: 'public', voter: 'a' }], { pending: [...held] }).result).toBeNull();
    });

    it('withdraws nothing with a ruleset that has no withdrawal (every slot then empties silently)', () => {
      const held = [action('a', 'ballot', { type: 'x' })];
      const { result, pending } = run(stub({}), [{ kind: 'vote-withdrawn', to: 'public', voter: 'a' }], { pending: [...held] });
      expect(result).toBeNull();
      expect(pending).toEqual(held);
    });
  });
});

describe('noticeIsMade (decision 9): a close\u2019s notices are made, never taken from the file', () => {
  const seven = loadRecord('lupus-seven');
  const lupus = rulesetOf(seven);
  const nightState = () => openState('lupus-seven', 'night-1');
  const night2State = () => openState('lupus-seven', 'night-2');
  const dayState = () => openState('lupus-seven', 'day-1');
  const noShows = seven.noShows;
  const notice = (to: string, missed: unknown, limit: unknown, phase = 'night-2', index = 0): StoredEvent => ({
    phase,
    seq: `~notice-${String(index).padStart(6, '0')}`,
    origin: { kind: 'notice' },
    event: { kind: 'no-show', to, missed, limit },
  });
  const made = (n: StoredEvent, phase = 'night-2', shows: Record<string, string[]> = noShows) =>
    noticeIsMade(lupus, night2State(), phase, n, shows, []);

  it('makes the no-show warnings of lupus-seven as recorded (each copy of an audience too)', () => {
    const night1 = phaseOf(seven, 'night-1').events.filter((e) => e.origin?.kind === 'notice');
    expect(night1).toHaveLength(1);
    const [carla] = night1;
    for (const to of ['carla', 'fabio', 'gina']) {
      const { audience: _audience, ...one } = carla!;
      expect(noticeIsMade(lupus, nightState(), 'night-1', { ...one, event: { ...one.event, to } }, noShows, [])).toBe(true);
    }
    for (const stored of phaseOf(seven, 'night-2').events.filter((e) => e.origin?.kind === 'notice')) {
      const { audience: _audience, ...one } = stored;
      expect(made(one)).toBe(true);
    }
  });

  it('makes a warning only to a seat the record counts as missing this phase', () => {
    expect(made(notice('anna', 1, null))).toBe(true);
    expect(made(notice('anna', 1, null, 'night-1'), 'night-1')).toBe(false);
    expect(made(notice('bruno', 1, null))).toBe(false);
    expect(made(notice('anna', 1, null), 'night-2', {})).toBe(false);
  });

  it('counts the missed phases from 1 to what the record holds', () => {
    expect(made(notice('carla', 2, null, 'night-2', 1))).toBe(true);
    expect(made(notice('carla', 1, null))).toBe(true);
    expect(made(notice('carla', 3, null))).toBe(false);
    expect(made(notice('carla', 0, null))).toBe(false);
    expect(made(notice('carla', -1, null))).toBe(false);
    expect(made(notice('carla', '1', null))).toBe(false);
    expect(made(notice('carla', null, null))).toBe(false);
  });

  it('takes a limit that is null or a whole number above 0', () => {
    expect(made(notice('carla', 2, 1))).toBe(true);
    expect(made(notice('carla', 2, 5))).toBe(true);
    expect(made(notice('carla', 2, 0))).toBe(false);
    expect(made(notice('carla', 2, -3))).toBe(false);
    expect(made(notice('carla', 2, 1.5))).toBe(false);
    expect(made(notice('carla', 2, '5'))).toBe(false);
    expect(made(notice('carla', 2, undefined))).toBe(false);
  });

  it('compares the rest of the stored event with what the close writes: the seq aside, key order aside', () => {
    expect(made(notice('carla', 2, null, 'night-2', 7))).toBe(true);
    const n = notice('carla', 2, null);
    expect(made({ ...n, event: { limit: null, missed: 2, to: 'carla', kind: 'no-show' } })).toBe(true);
    expect(made({ ...n, event: { ...n.event, note: 'x' } })).toBe(false);
    expect(made({ ...n, readers: ['carla'] })).toBe(false);
    expect(made({ ...n, phase: 'day-1' })).toBe(false);
    expect(made({ ...n, origin: { kind: 'close' } })).toBe(false);
  });

  describe('a default action\u2019s notice (no-show policy `default`)', () => {
    const auto = (player: string, target: string): PendingAction => ({ ...action(player, 'ballot', { type: 'vote', target }), auto: true });
    const castBy = (player: string, target: string, index = 0) => {
      const [stored] = withReaders([{ kind: 'vote-cast', to: 'public', voter: player, target }], lupus.channels(dayState()), 'day-1', {
        kind: 'notice',
      });
      return { ...stored!, seq: `~notice-${String(index).padStart(6, '0')}` };
    };
    const check = (n: StoredEvent, finals: PendingAction[]) => noticeIsMade(lupus, dayState(), 'day-1', n, {}, finals);

    it('is made when validating one of the phase\u2019s default actions writes it', () => {
      expect(check(castBy('elena', 'anna', 3), [auto('gina', 'bruno'), auto('elena', 'anna')])).toBe(true);
      expect(check(castBy('gina', 'bruno'), [auto('gina', 'bruno'), auto('elena', 'anna')])).toBe(true);
    });

    it('is not made by a default action that writes nothing (a night action, LUP-7.14)', () => {
      const investigate: PendingAction = { ...action('anna', 'investigate', { type: 'investigate', target: 'bruno' }), auto: true };
      expect(noticeIsMade(lupus, nightState(), 'night-1', castBy('elena', 'anna'), {}, [investigate])).toBe(false);
    });

    it('is made by any of the events a default action writes, validated as if nothing else were pending', () => {
      const events: GameEvent[] = [
        { kind: 'vote-cast', to: 'public', voter: 'a', target: 'b' },
        { kind: 'tally', to: 'public', count: 1 },
      ];
      const seen: unknown[] = [];
      const ruleset = stub({
        validate: (_s: unknown, player: string, act: ActionInput, pending: PendingAction[]) => {
          seen.push(pending);
          return pending.length === 0 ? { ok: true, owner: player, slot: 'ballot', action: act, events } : refuse();
        },
      });
      const finals = [{ ...action('a', 'ballot', { type: 'vote', target: 'b' }), auto: true }];
      for (const stored of withReaders(events, [], 'day-1', { kind: 'notice' }))
        expect(noticeIsMade(ruleset, {}, 'day-1', stored, {}, finals)).toBe(true);
      expect(seen).toEqual([[], []]);
    });

    it('is not made by an action a player chose, by another default action, or by a refused one', () => {
      expect(check(castBy('elena', 'anna'), [{ ...auto('elena', 'anna'), auto: false }])).toBe(false);
      expect(check(castBy('elena', 'anna'), [action('elena', 'ballot', { type: 'vote', target: 'anna' })])).toBe(false);
      expect(check(castBy('elena', 'anna'), [auto('elena', 'gina')])).toBe(false);
      expect(check(castBy('elena', 'zeno'), [auto('elena', 'zeno')])).toBe(false);
      expect(check(castBy('elena', 'anna'), [])).toBe(false);
    });
  });
});

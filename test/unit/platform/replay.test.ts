// Decision 9 (import replays, it never trusts): replayRecord re-runs an exported record through the engine
// and names the first place it parts from the file (functions/service/toolkit/replay.ts). Pure: the records
// of ./records (played through the stack by records/generate.ts), changed here in targeted ways.
// Nothing is replayed outside a test: a mutant that throws must fail a test, not the file's collection.
import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../engine/core/events.js';
import type { Ruleset } from '../../../engine/core/types.js';
import { canonical } from '../../../functions/service/toolkit/given-events.js';
import { stateHash, type MatchRecord } from '../../../functions/service/toolkit/record.js';
import { replayRecord, type ReplayResult } from '../../../functions/service/toolkit/replay.js';
import { RECORDS, eventsOfKind, loadRecord, phaseOf, rulesetOf, type RecordName } from './records/records.js';

const replay = (record: MatchRecord, ruleset: Ruleset = rulesetOf(record)): ReplayResult => replayRecord(ruleset, record);
const bySeq = (a: StoredEvent, b: StoredEvent) => (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0);
const OTHER_HASH = 'f'.repeat(64);

/** The same JSON value with every object's keys in reverse order (as a DynamoDB map may give them back). */
const reversedKeys = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(reversedKeys)
    : v !== null && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .reverse()
            .map(([k, x]) => [k, reversedKeys(x)]),
        )
      : v;

const RESOLVED: Record<RecordName, number> = {
  'lupus-seven': 3,
  'lupus-forced': 1,
  'lupus-lobby': 0,
  'lupus-p01': 4,
  'mafia-p01': 2,
  'killgame-p03': 2,
  'killgame-p01': 2,
};

describe('decision 9: a played match replays byte for byte', () => {
  it.each(RECORDS.map((name) => [name]))('%s replays identically, with every event as the file has it', (name) => {
    const record = loadRecord(name);
    const result = replay(record);
    expect(result.identical).toBe(true);
    expect(result.firstDifference).toBeUndefined();
    expect(result.resolved).toBe(RESOLVED[name]);
    // The rebuilt events (what an import stores) are the file's, phase by phase in seq order.
    const recorded = record.match.history.flatMap((phase) => [...phaseOf(record, phase).events].sort(bySeq));
    expect(result.events).toHaveLength(recorded.length);
    expect(canonical(result.events)).toBe(canonical(recorded));
    // The states it computed are the file's, by their hashes.
    expect(Object.keys(result.states)).toEqual([...record.match.history, ...(record.match.status === 'ended' ? ['final'] : [])]);
    for (const phase of record.match.history) expect(stateHash(result.states[phase])).toBe(phaseOf(record, phase).state);
    if (record.final) expect(stateHash(result.states.final)).toBe(record.final.state);
  });

  it('lupus-seven holds what a record can: posts, a substitution, a ballot replaced and withdrawn, a removal, no-show notices', () => {
    const record = loadRecord('lupus-seven');
    const kinds = record.phases.flatMap((p) => p.events.map((e) => `${e.origin?.kind}:${e.event.kind}`));
    expect(kinds).toEqual(
      expect.arrayContaining([
        'submission:message',
        'substitution:substituted',
        'submission:vote-cast',
        'submission:vote-withdrawn',
        'removal:death',
        'notice:no-show',
      ]),
    );
    expect(phaseOf(loadRecord('lupus-forced'), 'day-1').events.map((e) => e.origin?.kind)).toContain('forced-end');
    expect(phaseOf(loadRecord('killgame-p01'), 'tactic-2').events.map((e) => e.origin?.kind)).toEqual(['opening']);
  });

  it('does not care in what key order the file writes its events (a DynamoDB map keeps none)', () => {
    for (const name of ['lupus-seven', 'mafia-p01', 'killgame-p01', 'lupus-forced'] as const) {
      const record = loadRecord(name);
      for (const p of record.phases) p.events = p.events.map((e) => reversedKeys(e) as StoredEvent);
      expect(replay(record)).toMatchObject({ identical: true, resolved: RESOLVED[name] });
    }
  });

  it('takes a phase without a recorded state hash, or missing from the file, as nothing to compare', () => {
    const record = loadRecord('lupus-seven');
    for (const p of record.phases) p.state = null;
    expect(replay(record)).toMatchObject({ identical: true, resolved: 3 });
    const noDay2 = loadRecord('lupus-seven');
    noDay2.phases = noDay2.phases.filter((p) => p.phase !== 'day-2');
    expect(replay(noDay2)).toMatchObject({ identical: true, resolved: 3 });
  });

  it('closes a phase missing from the file with no final action: its close events are then the difference', () => {
    const record = loadRecord('lupus-p01');
    record.phases = record.phases.filter((p) => p.phase !== 'night-2');
    const result = replay(record);
    expect(result).toMatchObject({ identical: false, resolved: 3, firstDifference: { phase: 'night-2', event: 0, expected: null } });
    // Without the maul nobody dies: the first event of the close is the dawn's vampire count (LUP-8.1).
    expect(result.firstDifference!.actual).toMatchObject({ seq: '~close-000000', event: { kind: 'vampire-count' } });
  });

  it('closes a Mafia night missing from the file with no action: nobody is shot, and day-2 is another state', () => {
    const record = loadRecord('mafia-p01');
    record.phases = record.phases.filter((p) => p.phase !== 'night-1');
    const result = replay(record);
    expect(result).toMatchObject({
      identical: false,
      resolved: 2,
      firstDifference: { phase: 'day-2', message: 'the state of day-2 (as it closed) differs from the record' },
    });
    expect(result.events.filter((e) => e.phase === 'night-1')).toEqual([]);
  });

  it('plays a paused match like a running one: its open phase is not closed', () => {
    const record = loadRecord('lupus-seven');
    record.match.status = 'paused';
    expect(replay(record)).toMatchObject({ identical: true, resolved: 3 });
  });
});

describe('decision 9: a match that never started', () => {
  it('a lobby replays identically, with nothing to rebuild', () => {
    const result = replay(loadRecord('lupus-lobby'));
    expect(result).toEqual({ identical: true, resolved: 0, states: {}, events: [] });
  });

  it('has no events: the first phase that holds one is the difference', () => {
    const played = loadRecord('lupus-seven');
    const record = loadRecord('lupus-lobby');
    const stray = phaseOf(played, 'day-1').events[1]!;
    record.phases = [
      { phase: 'night-1', actions: [], events: [], state: null },
      { phase: 'day-1', actions: [], events: [stray], state: null },
    ];
    expect(replay(record, rulesetOf(played))).toEqual({
      identical: false,
      resolved: 0,
      firstDifference: { phase: 'day-1', event: 0, expected: stray, actual: null, message: 'a match that never started has no events' },
      states: {},
      events: [],
    });
  });

  it('counts a record without a start as never started, whatever seed it names', () => {
    const record = loadRecord('lupus-lobby');
    record.match.seed = 'a seed';
    expect(replay(record)).toEqual({ identical: true, resolved: 0, states: {}, events: [] });
  });

  it('counts a record without a seed as never started', () => {
    const record = loadRecord('lupus-seven');
    record.match.seed = null;
    const first = phaseOf(record, 'night-1').events[0];
    expect(replay(record)).toMatchObject({
      identical: false,
      resolved: 0,
      firstDifference: { phase: 'night-1', event: 0, expected: first, actual: null, message: 'a match that never started has no events' },
    });
    for (const p of record.phases) p.events = [];
    expect(replay(record)).toEqual({ identical: true, resolved: 0, states: {}, events: [] });
  });
});

describe('decision 9: the setup', () => {
  it('names the phase the setup opens when the record opens another', () => {
    const record = loadRecord('lupus-seven');
    record.match.history = ['day-1', 'night-2'];
    expect(replay(record)).toEqual({
      identical: false,
      resolved: 0,
      firstDifference: { phase: 'day-1', message: 'the setup opens night-1, the record day-1' },
      states: {},
      events: [],
    });
  });

  it('names a record with no phase at all as `none`, under `start`', () => {
    const record = loadRecord('lupus-seven');
    record.match.history = [];
    expect(replay(record).firstDifference).toEqual({ phase: 'start', message: 'the setup opens night-1, the record none' });
  });

  it('deals from the record\u2019s start: another fixed role is another state (LUP-4.5)', () => {
    const record = loadRecord('lupus-p01');
    record.start!.players.find((p) => p.id === 'p3')!.fixed = { role: 'lupo-mannaro' };
    expect(replay(record).firstDifference).toEqual({
      phase: 'night-1',
      message: 'the state of night-1 (as it closed) differs from the record',
    });
    phaseOf(record, 'night-1').state = null;
    expect(replay(record).firstDifference).toMatchObject({ phase: 'night-1', event: 0, message: 'event 0 of night-1 differs' });
  });

  describe('a setup that opens no phase (a match that ended at its setup keeps its events under `start`)', () => {
    const endsAtSetup = (lupus: Ruleset): Ruleset => ({ ...lupus, phase: () => null });
    const atSetup = () => {
      const record = loadRecord('lupus-seven');
      const startEvents = phaseOf(record, 'night-1')
        .events.filter((e) => e.origin?.kind === 'start')
        .map((e) => ({ ...e, phase: 'start' }));
      record.match.history = [];
      record.match.status = 'ended';
      record.phases = [{ phase: 'start', actions: [], events: [...startEvents], state: null }];
      return { record, startEvents, ruleset: endsAtSetup(rulesetOf(record)) };
    };

    it('replays its events under `start`', () => {
      const { record, startEvents, ruleset } = atSetup();
      const result = replay(record, ruleset);
      expect(result).toMatchObject({ identical: true, resolved: 0, states: {} });
      expect(canonical(result.events)).toBe(canonical(startEvents));
    });

    it('names the first event of `start` that differs', () => {
      const { record, startEvents, ruleset } = atSetup();
      const changed = { ...startEvents[2]!, event: { ...startEvents[2]!.event, role: 'strega' } };
      record.phases[0]!.events[2] = changed;
      const difference = replay(record, ruleset).firstDifference!;
      expect(difference).toMatchObject({ phase: 'start', event: 2, expected: changed, message: 'event 2 of start differs' });
      expect(canonical(difference.actual)).toBe(canonical(startEvents[2]));
    });

    it('says `no phase` when the record opens one', () => {
      const { ruleset } = atSetup();
      expect(replay(loadRecord('lupus-seven'), ruleset).firstDifference).toEqual({
        phase: 'night-1',
        message: 'the setup opens no phase, the record night-1',
      });
    });
  });
});

describe('decision 9: every event is compared, byte for byte', () => {
  it('names a changed close event: its phase, its index, the file\u2019s event and the replay\u2019s (LUP-7.14 a seer\u2019s result)', () => {
    const record = loadRecord('lupus-seven');
    const { index, stored } = eventsOfKind(record, 'night-1', 'investigation-result')[0]!;
    const original = structuredClone(stored);
    stored.event.result = 'innocent';
    const result = replay(record);
    expect(result.identical).toBe(false);
    expect(result.resolved).toBe(1);
    expect(result.firstDifference).toEqual({
      phase: 'night-1',
      event: index,
      expected: stored,
      actual: original,
      message: `event ${index} of night-1 differs`,
    });
    expect(index).toBe(9);
    // What was rebuilt so far is kept: the phase where they part, whole.
    expect(result.events).toHaveLength(phaseOf(record, 'night-1').events.length);
    expect(Object.keys(result.states)).toEqual(['night-1']);
  });

  it('names a dropped event: the file has nothing at that index', () => {
    const record = loadRecord('lupus-p01');
    const day = phaseOf(record, 'day-2');
    const dropped = day.events.pop()!;
    expect(replay(record)).toMatchObject({
      identical: false,
      resolved: 4,
      firstDifference: {
        phase: 'day-2',
        event: day.events.length,
        expected: null,
        actual: dropped,
        message: `event ${day.events.length} of day-2 differs`,
      },
    });
  });

  it('names an added event: the replay has nothing at that index', () => {
    const record = loadRecord('lupus-seven');
    const night = phaseOf(record, 'night-2');
    const extra: StoredEvent = {
      phase: 'night-2',
      seq: '~close-000003',
      origin: { kind: 'close' },
      event: { kind: 'vampire-count', to: 'anna', count: 1 },
    };
    night.events.splice(3, 0, extra);
    expect(replay(record)).toMatchObject({
      identical: false,
      resolved: 3,
      firstDifference: { phase: 'night-2', event: 3, expected: extra, actual: phaseOf(loadRecord('lupus-seven'), 'night-2').events[3] },
    });
  });

  it('compares the events in the file\u2019s order with the replay\u2019s seq order', () => {
    const record = loadRecord('lupus-p01');
    const day = phaseOf(record, 'day-1');
    const [a, b] = day.events;
    day.events[0] = b!;
    day.events[1] = a!;
    expect(replay(record).firstDifference).toMatchObject({ phase: 'day-1', event: 0, expected: b, actual: a });
  });

  it('names an event whose seq no step writes (it has no origin): nothing makes it', () => {
    const record = loadRecord('lupus-seven');
    const day = phaseOf(record, 'day-1');
    const next = day.events[5]!;
    // Without origin: StoredEvent does not foresee it, the record's schema lets it through (record.ts).
    const stray = {
      phase: 'day-1',
      seq: `${next.seq.slice(0, 15)}-zz-000000`,
      event: { kind: 'vote-cast', to: 'public', voter: 'dario', target: 'anna' },
    } as unknown as StoredEvent;
    day.events.splice(5, 0, stray);
    const result = replay(record);
    expect(result.firstDifference).toMatchObject({ phase: 'day-1', event: 5, expected: stray });
    expect(canonical(result.firstDifference!.actual)).toBe(canonical(next));
  });

  it('names a submission no step would write: a ballot at night, a ballot for nobody at the table (LUP-8.2)', () => {
    const record = loadRecord('lupus-seven');
    const vote = eventsOfKind(record, 'day-1', 'vote-cast')[0]!.stored;
    const atNight: StoredEvent = { ...vote, phase: 'night-2' };
    phaseOf(record, 'night-2').events.unshift(atNight);
    const first = replay(record);
    expect(first).toMatchObject({ identical: false, resolved: 3, firstDifference: { phase: 'night-2', event: 0, expected: atNight } });
    expect(first.firstDifference!.actual).toMatchObject({ seq: '~close-000000' });

    const other = loadRecord('lupus-seven');
    const { index, stored } = eventsOfKind(other, 'day-1', 'vote-cast')[0]!;
    stored.event.target = 'zeno';
    expect(replay(other).firstDifference).toMatchObject({ phase: 'day-1', event: index, expected: stored });
  });

  it('names a post its author could not write (Anna is no wolf: the pack\u2019s channel, LUP-12)', () => {
    const record = loadRecord('lupus-seven');
    const { index, stored } = eventsOfKind(record, 'night-1', 'message')[0]!;
    stored.event.from = 'anna';
    expect(replay(record).firstDifference).toMatchObject({
      phase: 'night-1',
      event: index,
      expected: stored,
      actual: phaseOf(loadRecord('lupus-seven'), 'night-1').events[index + 1],
    });
  });

  it('rebuilds a post\u2019s text as the file gives it (any text may be posted)', () => {
    const record = loadRecord('lupus-seven');
    eventsOfKind(record, 'day-1', 'message')[0]!.stored.event.text = 'Another text';
    expect(replay(record)).toMatchObject({ identical: true, resolved: 3 });
  });

  it('names a changed phase\u2019s opening event (Kill Game: the market of tactic-2)', () => {
    const record = loadRecord('killgame-p01');
    const open = phaseOf(record, 'tactic-2').events[0]!;
    const original = structuredClone(open);
    open.event.turn = 3;
    expect(replay(record)).toMatchObject({
      identical: false,
      resolved: 2,
      firstDifference: { phase: 'tactic-2', event: 0, expected: open, actual: original, message: 'event 0 of tactic-2 differs' },
    });
  });

  it('names an event of the open phase of a running match: it has not closed', () => {
    const record = loadRecord('lupus-seven');
    const close: StoredEvent = {
      phase: 'day-2',
      seq: '~close-000000',
      origin: { kind: 'close' },
      event: { kind: 'death', to: 'public', player: 'anna', cause: 'stake' },
    };
    phaseOf(record, 'day-2').events.push(close);
    expect(replay(record)).toMatchObject({
      identical: false,
      resolved: 3,
      firstDifference: { phase: 'day-2', event: 0, expected: close, actual: null },
    });
  });

  it('closes the last phase of an ended match: a record that says `ended` too early misses its close', () => {
    const record = loadRecord('lupus-seven');
    record.match.status = 'ended';
    const result = replay(record);
    expect(result).toMatchObject({ identical: false, resolved: 4, firstDifference: { phase: 'day-2', event: 0, expected: null } });
    expect(result.firstDifference!.actual).toMatchObject({ seq: '~close-000000', event: { kind: 'day-result' } });
  });
});

describe('decision 9: the final actions and the ballots the file shows', () => {
  it('names the public ballot of a slot whose final action is another (a changed final vote)', () => {
    const record = loadRecord('lupus-seven');
    const day = phaseOf(record, 'day-1');
    day.actions.find((a) => a.owner === 'anna')!.action = { type: 'vote', target: 'elena' };
    const { index, stored } = eventsOfKind(record, 'day-1', 'vote-cast').find((v) => v.stored.event.voter === 'anna')!;
    const result = replay(record);
    expect(result).toMatchObject({
      identical: false,
      resolved: 1,
      firstDifference: {
        phase: 'day-1',
        event: index,
        expected: stored,
        actual: null,
        message: `event ${index} of day-1 shows an action the close did not read`,
      },
    });
    expect(index).toBe(1);
    // The phase is not settled: the events rebuilt are those of night-1.
    expect(result.events).toHaveLength(phaseOf(record, 'night-1').events.length);
    expect(Object.keys(result.states)).toEqual(['night-1', 'day-1']);
  });

  it('names the last ballot of a player who voted three times (replaced, withdrawn, cast again)', () => {
    const record = loadRecord('lupus-seven');
    phaseOf(record, 'day-1').actions.find((a) => a.owner === 'carla')!.action = { type: 'vote', target: 'elena' };
    const carla = eventsOfKind(record, 'day-1', 'vote-cast').filter((v) => v.stored.event.voter === 'carla');
    expect(carla.map((v) => v.stored.event.target)).toEqual(['bruno', 'elena', 'bruno']);
    expect(replay(record).firstDifference).toMatchObject({
      phase: 'day-1',
      event: carla[2]!.index,
      expected: carla[2]!.stored,
      actual: null,
    });
  });

  it('reads the close from the final actions: another final ballot, shown nowhere, changes the close', () => {
    const record = loadRecord('lupus-p01');
    phaseOf(record, 'night-2').actions.find((a) => a.slot === 'maul')!.action = { type: 'maul', mauler: 'p5', target: 'p3' };
    const result = replay(record);
    expect(result).toMatchObject({
      identical: false,
      resolved: 3,
      firstDifference: { phase: 'night-2', message: 'event 1 of night-2 differs' },
    });
  });
});

describe('decision 9: the states', () => {
  it('names a phase whose state, as it closed, has another hash', () => {
    const record = loadRecord('lupus-seven');
    phaseOf(record, 'night-1').state = OTHER_HASH;
    expect(replay(record)).toMatchObject({
      identical: false,
      resolved: 0,
      events: [],
      firstDifference: { phase: 'night-1', message: 'the state of night-1 (as it closed) differs from the record' },
    });
    expect(replay(record).firstDifference).toEqual({
      phase: 'night-1',
      message: 'the state of night-1 (as it closed) differs from the record',
    });
  });

  it('names the final state of an ended match when its hash differs, under the last phase', () => {
    const cases: Array<[RecordName, string, number]> = [
      ['lupus-p01', 'day-2', 4],
      ['lupus-forced', 'day-1', 1],
      ['killgame-p03', 'action-2', 2],
    ];
    for (const [name, phase, resolved] of cases) {
      const record = loadRecord(name);
      record.final = { state: OTHER_HASH };
      const result = replay(record);
      expect(result).toMatchObject({
        identical: false,
        resolved,
        firstDifference: { phase, message: 'the final state differs from the record' },
      });
      expect(result.firstDifference).toEqual({ phase, message: 'the final state differs from the record' });
      expect(result.states.final).toBeDefined();
    }
  });

  it('takes an ended match without a final hash as nothing to compare', () => {
    const record = loadRecord('lupus-p01');
    record.final = { state: null };
    expect(replay(record)).toMatchObject({ identical: true, resolved: 4 });
    record.final = null;
    expect(replay(record)).toMatchObject({ identical: true, resolved: 4 });
  });

  it('names the phase whose close opens another than the record\u2019s next', () => {
    const record = loadRecord('lupus-seven');
    record.match.history = ['night-1', 'day-9', 'night-2', 'day-2'];
    expect(replay(record)).toMatchObject({
      identical: false,
      resolved: 1,
      firstDifference: { phase: 'night-1', message: 'the close opens day-1, the record day-9' },
    });
  });

  it('names a close that ends the match where the record goes on, and one that goes on where it ends', () => {
    const longer = loadRecord('lupus-p01');
    longer.match.history.push('night-3');
    longer.match.status = 'running';
    longer.final = null;
    expect(replay(longer).firstDifference).toEqual({ phase: 'day-2', message: 'the close opens no phase, the record night-3' });

    const shorter = loadRecord('lupus-seven');
    shorter.match.history = ['night-1', 'day-1'];
    shorter.match.status = 'ended';
    shorter.final = { state: null };
    expect(replay(shorter)).toMatchObject({
      resolved: 2,
      firstDifference: { phase: 'day-1', message: 'the close opens night-2, the record ends the match' },
    });
  });

  it('keeps the state of each phase as it closed (before the close), and the final one', () => {
    const record = loadRecord('killgame-p03');
    const result = replay(record);
    expect(stateHash(result.states['action-2'])).toBe(phaseOf(record, 'action-2').state);
    expect(stateHash(result.states.final)).toBe(record.final!.state);
    expect(stateHash(result.states.final)).not.toBe(stateHash(result.states['action-2']));
  });
});

describe('decision 9: removals, substitutions, a forced end', () => {
  it('rebuilds a removal from the state of the moment: a changed cause is a difference', () => {
    const record = loadRecord('lupus-seven');
    const { index, stored } = eventsOfKind(record, 'day-1', 'death').find((d) => d.stored.origin?.kind === 'removal')!;
    stored.event.cause = 'mauled';
    expect(replay(record)).toMatchObject({
      identical: false,
      resolved: 2,
      firstDifference: { phase: 'day-1', event: index, expected: stored },
    });
  });

  it('removes the player from the state (the state as the phase closed holds the removal)', () => {
    const record = loadRecord('lupus-seven');
    const removal = eventsOfKind(record, 'day-1', 'death').find((d) => d.stored.origin?.kind === 'removal')!;
    phaseOf(record, 'day-1').events.splice(removal.index, 1);
    expect(replay(record).firstDifference).toEqual({
      phase: 'day-1',
      message: 'the state of day-1 (as it closed) differs from the record',
    });
  });

  it('makes no removal of a seat the match never had', () => {
    const record = loadRecord('lupus-seven');
    const day = phaseOf(record, 'day-1');
    const removal = eventsOfKind(record, 'day-1', 'death').find((d) => d.stored.origin?.kind === 'removal')!;
    const at = (removal.stored.origin as { at: number }).at;
    const zeno: StoredEvent = {
      ...removal.stored,
      seq: `${String(at).padStart(15, '0')}-removal-zeno-000000`,
      origin: { kind: 'removal', at, player: 'zeno' },
      event: { ...removal.stored.event, player: 'zeno' },
    };
    day.events.splice(removal.index, 0, zeno);
    expect(replay(record)).toMatchObject({
      identical: false,
      firstDifference: { phase: 'day-1', event: removal.index, expected: zeno, actual: removal.stored },
    });
  });

  it('withdraws the removed player\u2019s ballot: a final ballot he never had is not his shown one', () => {
    const record = loadRecord('lupus-seven');
    const day = phaseOf(record, 'day-1');
    const removal = eventsOfKind(record, 'day-1', 'death').find((d) => d.stored.origin?.kind === 'removal')!;
    const at = (removal.stored.origin as { at: number }).at;
    // Gina (who voted for Bruno) is removed instead of Dario; the file keeps another ballot of hers as final.
    const gina: StoredEvent = {
      ...removal.stored,
      seq: `${String(at).padStart(15, '0')}-removal-gina-000000`,
      origin: { kind: 'removal', at, player: 'gina' },
      event: { ...removal.stored.event, player: 'gina' },
    };
    day.events.splice(removal.index, 1, gina);
    day.actions.find((a) => a.owner === 'gina')!.action = { type: 'vote', target: 'anna' };
    day.state = null;
    const result = replay(record);
    expect(result.identical).toBe(false);
    expect(result.firstDifference!.message).not.toContain('did not read');
    expect(result.firstDifference).toMatchObject({ phase: 'day-1' });
  });

  it('settles a phase without its close when a removal ends the match (the last wolf removed, LUP-11.1)', () => {
    const record = loadRecord('lupus-p01');
    const day = phaseOf(record, 'day-2');
    const at = (day.events[0]!.origin as { at: number }).at - 1;
    const seq = `${String(at).padStart(15, '0')}-removal-p5-000000`;
    day.events = [
      {
        phase: 'day-2',
        seq,
        origin: { kind: 'removal', at, player: 'p5' },
        event: { kind: 'death', to: 'public', player: 'p5', cause: 'removed' },
      },
    ];
    day.actions = [];
    day.state = null;
    record.final = { state: null };
    // The file as the replay rebuilds it (the removal's death with its readers, the match's end) is accepted.
    const first = replay(record);
    expect(first).toMatchObject({ identical: false, resolved: 3, firstDifference: { phase: 'day-2', event: 0 } });
    const rebuilt = first.events.filter((e) => e.phase === 'day-2');
    expect(rebuilt.map((e) => [e.origin?.kind, e.event.kind])).toEqual([
      ['removal', 'death'],
      ['removal', 'match-ended'],
    ]);
    day.events = rebuilt;
    const result = replay(record);
    expect(result).toMatchObject({ identical: true, resolved: 3 });
    expect(Object.keys(result.states)).toEqual(['night-1', 'day-1', 'night-2', 'day-2', 'final']);
    expect(stateHash(result.states.final)).toBe(stateHash(result.states['day-2']));
    record.final = { state: OTHER_HASH };
    expect(replay(record).firstDifference).toEqual({ phase: 'day-2', message: 'the final state differs from the record' });
  });

  it('rebuilds a substitution with the name the file gives (names are no rule), and without one', () => {
    const record = loadRecord('lupus-seven');
    const sub = eventsOfKind(record, 'day-1', 'substituted')[0]!.stored;
    sub.event.replaced = 'Somebody';
    expect(replay(record)).toMatchObject({ identical: true });
    delete sub.event.replaced;
    expect(replay(record)).toMatchObject({ identical: true, resolved: 3 });
  });

  it('names a substitution whose old name is no text, or of a seat the match never had', () => {
    const record = loadRecord('lupus-seven');
    const { index, stored } = eventsOfKind(record, 'day-1', 'substituted')[0]!;
    stored.event.replaced = 7;
    expect(replay(record)).toMatchObject({ identical: false, firstDifference: { phase: 'day-1', event: index, expected: stored } });
    expect(replay(record).firstDifference!.actual).toEqual({ ...stored, event: { kind: 'substituted', to: 'public', player: 'fabio' } });

    const other = loadRecord('lupus-seven');
    const sub = eventsOfKind(other, 'day-1', 'substituted')[0]!;
    const at = (sub.stored.origin as { at: number }).at;
    const zeno: StoredEvent = {
      ...sub.stored,
      seq: `${String(at).padStart(15, '0')}-substituted-zeno-000000`,
      origin: { kind: 'substitution', at, player: 'zeno' },
      event: { ...sub.stored.event, player: 'zeno' },
    };
    phaseOf(other, 'day-1').events[sub.index] = zeno;
    expect(replay(other).firstDifference).toMatchObject({ phase: 'day-1', event: sub.index, expected: zeno });
  });

  it('ends a forced match with the winner the file names (the state then differs if it is another)', () => {
    const record = loadRecord('lupus-forced');
    const ended = eventsOfKind(record, 'day-1', 'match-ended')[0]!.stored;
    ended.event.winner = 'pack';
    expect(replay(record)).toMatchObject({
      identical: false,
      resolved: 1,
      firstDifference: { phase: 'day-1', message: 'the final state differs from the record' },
    });
    record.final = null;
    const result = replay(record);
    expect(result).toMatchObject({ identical: true, resolved: 1 });
    expect((result.states.final as { winner: string }).winner).toBe('pack');
  });

  it('names a forced end written otherwise than the engine writes it', () => {
    const record = loadRecord('lupus-forced');
    const { index, stored } = eventsOfKind(record, 'day-1', 'match-ended')[0]!;
    stored.event.forced = false;
    expect(replay(record)).toMatchObject({
      identical: false,
      firstDifference: { phase: 'day-1', event: index, expected: stored, message: `event ${index} of day-1 differs` },
    });
  });

  it('takes no step after a forced end: a later ballot is a difference', () => {
    const record = loadRecord('lupus-forced');
    const day = phaseOf(record, 'day-1');
    const vote = day.events[0]!;
    const late: StoredEvent = {
      ...vote,
      seq: '009999999999999-abcdef-000000',
      origin: { kind: 'submission', at: 9999999999999, salt: 'abcdef' },
      event: { ...vote.event, voter: 'gina' },
    };
    day.events.push(late);
    expect(replay(record)).toMatchObject({ identical: false, firstDifference: { phase: 'day-1', event: 2, expected: late, actual: null } });
  });

  it('keeps the state as it was when the ruleset has no forced end of its own', () => {
    const record = loadRecord('lupus-forced');
    const lupus = rulesetOf(record);
    const plain: Ruleset = { ...lupus, forceEnd: undefined };
    expect(replay(record, plain)).toMatchObject({
      identical: false,
      firstDifference: { phase: 'day-1', message: 'the final state differs from the record' },
    });
    record.final = null;
    const result = replay(record, plain);
    expect(result.identical).toBe(true);
    expect(stateHash(result.states.final)).toBe(stateHash(result.states['day-1']));
  });
});

describe('decision 9: a close\u2019s notices are made, never taken from the file', () => {
  it('names a no-show warning the record does not count (a copy of an audience too)', () => {
    const record = loadRecord('lupus-seven');
    record.noShows.gina = ['night-2'];
    const notice = phaseOf(record, 'night-1').events.find((e) => e.origin?.kind === 'notice')!;
    expect(notice.audience).toEqual(['carla', 'fabio', 'gina']);
    expect(replay(record)).toMatchObject({
      identical: false,
      resolved: 1,
      firstDifference: { phase: 'night-1', event: 11, expected: notice, actual: null },
    });
  });

  it('names a no-show warning to a seat that sent something', () => {
    const record = loadRecord('lupus-seven');
    const night = phaseOf(record, 'night-2');
    const extra: StoredEvent = {
      phase: 'night-2',
      seq: '~notice-000002',
      origin: { kind: 'notice' },
      event: { kind: 'no-show', to: 'elena', missed: 1, limit: null },
    };
    night.events.push(extra);
    expect(replay(record).firstDifference).toMatchObject({
      phase: 'night-2',
      event: night.events.length - 1,
      expected: extra,
      actual: null,
    });
  });

  it('compares the notices in the file\u2019s order too: two warnings swapped are a difference', () => {
    const record = loadRecord('lupus-seven');
    const night = phaseOf(record, 'night-2');
    const [anna, carla] = night.events.slice(3);
    expect([anna!.seq, carla!.seq]).toEqual(['~notice-000000', '~notice-000001']);
    night.events.splice(3, 2, carla!, anna!);
    expect(replay(record).firstDifference).toMatchObject({ phase: 'night-2', event: 3, expected: carla, actual: anna });
  });

  it('numbers the notices as the close does: a seq taken twice, or one the close never gives, is a difference', () => {
    for (const seq of ['~notice-000000', '~notice-000007', '~notice-zzz']) {
      const record = loadRecord('lupus-seven');
      const night = phaseOf(record, 'night-2');
      const carla = night.events.find((e) => e.event.kind === 'no-show' && e.event.to === 'carla')!;
      expect(carla.seq).toBe('~notice-000001');
      carla.seq = seq;
      const result = replay(record);
      expect(result.identical, seq).toBe(false);
      expect(result.firstDifference, seq).toMatchObject({ phase: 'night-2' });
      // What import would store has each notice once, under the close's own seqs.
      const notices = result.events.filter((e) => e.phase === 'night-2' && e.origin?.kind === 'notice').map((e) => e.seq);
      expect(new Set(notices).size, seq).toBe(notices.length);
    }
  });

  it('makes the warning again from the record\u2019s count: a changed count is a difference', () => {
    const record = loadRecord('lupus-seven');
    const night = phaseOf(record, 'night-2');
    const carla = night.events.find((e) => e.event.kind === 'no-show' && e.event.to === 'carla')!;
    carla.event.missed = 3;
    expect(replay(record).firstDifference).toMatchObject({ phase: 'night-2', event: night.events.indexOf(carla), expected: carla });
  });
});

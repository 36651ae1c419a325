// Which devices a deadline reminder goes to, and when (issue 16): pure, from META, the seats and the living.
import { describe, expect, it } from 'vitest';
import type { MatchMeta, PlayerRecord, PushSubscriptionRecord } from '../../../functions/records.js';
import { DEFAULT_REMIND_MINUTES, reminderDue, reminderLeadMs, reminderTargets } from '../../../functions/service/push/reminders.js';

const HOUR = 3_600_000;
const meta = (over: Partial<MatchMeta> = {}): MatchMeta =>
  ({
    id: 'm',
    name: 'Friday night',
    status: 'running',
    phase: 'night-2',
    phaseStatus: 'open',
    openedAt: 0,
    deadline: 24 * HOUR,
    closeRequestedAt: null,
    settings: {},
    ...over,
  }) as MatchMeta;
const player = (id: string, over: Partial<PlayerRecord> = {}): PlayerRecord => ({
  id,
  name: id,
  seat: 1,
  tokenHash: `h-${id}`,
  options: {},
  checkedPhase: null,
  ...over,
});
const device = (playerId: string, over: Partial<PushSubscriptionRecord> = {}): PushSubscriptionRecord => ({
  matchId: 'm',
  playerId,
  endpoint: `https://push.example/${playerId}`,
  keys: { p256dh: 'p', auth: 'a' },
  lang: 'en',
  tokenHash: `h-${playerId}`,
  createdAt: 0,
  ...over,
});

describe('reminder timing', () => {
  it('issue 16: the platform setting, 2 h by default, half the phase when the phase is not longer, none at 0', () => {
    expect(DEFAULT_REMIND_MINUTES).toBe(120);
    expect(reminderLeadMs(meta())).toBe(2 * HOUR);
    expect(reminderLeadMs(meta({ settings: { 'push-remind-minutes': 30 } }))).toBe(HOUR / 2);
    expect(reminderLeadMs(meta({ deadline: 2 * HOUR }))).toBe(HOUR);
    expect(reminderLeadMs(meta({ deadline: 20_000 }))).toBe(10_000);
    expect(reminderLeadMs(meta({ settings: { 'push-remind-minutes': 0 } }))).toBeNull();
    expect(reminderLeadMs(meta({ deadline: null }))).toBeNull();
    // The phase's length runs from its opening: a phase opened at 10:00 with a deadline at 11:00 is an hour long.
    expect(reminderLeadMs(meta({ openedAt: 10 * HOUR, deadline: 11 * HOUR }))).toBe(HOUR / 2);
    // No opening time on record: the setting alone.
    expect(reminderLeadMs(meta({ openedAt: null, deadline: HOUR }))).toBe(2 * HOUR);
  });

  it('issue 16: due from the lead to the deadline, only while the phase is open and running', () => {
    const d = 24 * HOUR;
    expect(reminderDue(meta(), d - 2 * HOUR - 1)).toBe(false);
    expect(reminderDue(meta(), d - 2 * HOUR)).toBe(true);
    expect(reminderDue(meta(), d - 1)).toBe(true);
    expect(reminderDue(meta(), d)).toBe(false);
    for (const over of [
      { status: 'paused' },
      { status: 'ended' },
      { phaseStatus: 'resolving' },
      { closeRequestedAt: d - HOUR },
      { phase: null },
    ] as Partial<MatchMeta>[]) {
      expect(reminderDue(meta(over), d - HOUR), JSON.stringify(over)).toBe(false);
    }
  });
});

describe('reminder targets', () => {
  it('issue 16: living players who have not checked, each of their devices; never the checked, the dead, the removed or a replaced person', () => {
    const players = [
      player('anna'),
      player('bruno', { checkedPhase: 'night-2' }),
      player('carla'),
      player('dario', { checkedPhase: 'day-1' }),
      player('elena', { tokenHash: 'h-substitute' }),
    ];
    const alive = new Set(['anna', 'bruno', 'dario', 'elena', 'fabio']);
    const subs = [
      device('anna'),
      device('anna', { endpoint: 'https://push.example/anna-phone' }),
      device('bruno'),
      device('carla'),
      device('dario'),
      device('elena'),
      device('fabio'),
    ];
    expect(reminderTargets(meta(), players, alive, subs).map((s) => s.endpoint)).toEqual([
      'https://push.example/anna',
      'https://push.example/anna-phone',
      'https://push.example/dario',
    ]);
  });
});

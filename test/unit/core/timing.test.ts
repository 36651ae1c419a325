// Deadlines: durations, and fixed daily times that stay at local time across daylight saving.
import { describe, expect, it } from 'vitest';
import { deadlineFor, isValidTimezone, nextDailyTime, zonedTimeToUtc } from '../../../engine/core/timing.js';

const at = (iso: string) => Date.parse(iso);

describe('phase deadlines', () => {
  it('a duration counts from the opening instant', () => {
    expect(deadlineFor({ minutes: 90 }, at('2026-03-01T10:00:00Z'))).toBe(at('2026-03-01T11:30:00Z'));
  });

  it('13:00 Europe/Rome stays 13:00 local across the spring change (CET → CEST)', () => {
    const before = nextDailyTime(at('2026-03-28T13:00:00Z'), '13:00', 'Europe/Rome');
    expect(new Date(before).toISOString()).toBe('2026-03-29T11:00:00.000Z'); // 13:00 CEST
    const winter = nextDailyTime(at('2026-03-27T13:00:00Z'), '13:00', 'Europe/Rome');
    expect(new Date(winter).toISOString()).toBe('2026-03-28T12:00:00.000Z'); // 13:00 CET
  });

  it('and across the autumn change (CEST → CET)', () => {
    const next = nextDailyTime(at('2026-10-24T12:00:00Z'), '13:00', 'Europe/Rome');
    expect(new Date(next).toISOString()).toBe('2026-10-25T12:00:00.000Z');
  });

  it('takes today when the time is still ahead, tomorrow when it has passed', () => {
    expect(new Date(nextDailyTime(at('2026-06-01T08:00:00Z'), '13:00', 'Europe/Rome')).toISOString()).toBe('2026-06-01T11:00:00.000Z');
    expect(new Date(nextDailyTime(at('2026-06-01T11:00:00Z'), '13:00', 'Europe/Rome')).toISOString()).toBe('2026-06-02T11:00:00.000Z');
  });

  it('the local watch mode replaces every timing with seconds', () => {
    expect(deadlineFor({ daily: '13:00', timezone: 'Europe/Rome' }, 1000, 5)).toBe(6000);
  });
});

describe('a daily time with a minimum length', () => {
  it('KG-3.2 takes the first HH:MM at least that long after the opening', () => {
    // Opening at 19:00 Rome: 21:30 is only 2.5 h away, so the phase runs to 21:30 the next day.
    const opened = at('2026-06-01T17:00:00Z');
    expect(new Date(deadlineFor({ daily: '21:30', timezone: 'Europe/Rome', atLeastMinutes: 240 }, opened)).toISOString()).toBe(
      '2026-06-02T19:30:00.000Z',
    );
    expect(new Date(deadlineFor({ daily: '21:30', timezone: 'Europe/Rome' }, opened)).toISOString()).toBe('2026-06-01T19:30:00.000Z');
  });
});

describe('a daily time near the daylight-saving change itself', () => {
  const iso = (t: number) => new Date(t).toISOString();

  it('KG-3.2 KG-17.1 a 01:00 Europe/Rome deadline on the spring-change day is 01:00 CET (00:00 UTC), not an hour early', () => {
    // 2026-03-29: clocks go 02:00 CET → 03:00 CEST; 01:00 is still winter time.
    expect(iso(deadlineFor({ daily: '01:00', timezone: 'Europe/Rome' }, at('2026-03-28T20:00:00Z')))).toBe('2026-03-29T00:00:00.000Z');
    expect(iso(zonedTimeToUtc(2026, 3, 29, 1, 0, 'Europe/Rome'))).toBe('2026-03-29T00:00:00.000Z');
  });

  it('KG-3.2 KG-17.1 a 01:00 Europe/Rome deadline on the autumn-change day is 01:00 CEST (23:00 UTC the day before)', () => {
    // 2026-10-25: clocks go 03:00 CEST → 02:00 CET; 01:00 is still summer time.
    expect(iso(deadlineFor({ daily: '01:00', timezone: 'Europe/Rome' }, at('2026-10-24T20:00:00Z')))).toBe('2026-10-24T23:00:00.000Z');
    expect(iso(zonedTimeToUtc(2026, 10, 25, 1, 0, 'Europe/Rome'))).toBe('2026-10-24T23:00:00.000Z');
  });

  it('KG-3.2 a local time the spring change skips moves forward to the first real minute after it', () => {
    // 02:30 does not exist on 2026-03-29 in Rome; it is read as 03:30 CEST = 01:30 UTC.
    expect(iso(zonedTimeToUtc(2026, 3, 29, 2, 30, 'Europe/Rome'))).toBe('2026-03-29T01:30:00.000Z');
  });
});

describe('settings that name a time', () => {
  it('KG-3.2 a timezone is one Intl knows', () => {
    expect(['Europe/Rome', 'Europe/Moscow', 'UTC'].map(isValidTimezone)).toEqual([true, true, true]);
    expect(['Europe/Atlantis', 'GMT+25', ''].map(isValidTimezone)).toEqual([false, false, false]);
  });

  it('a watch-mode length of zero or less is no length: the phase keeps its own timing', () => {
    const opened = Date.UTC(2026, 0, 5, 10, 0);
    for (const seconds of [0, -30]) expect(deadlineFor({ minutes: 90 }, opened, seconds)).toBe(opened + 90 * 60_000);
  });
});

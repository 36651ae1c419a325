// What the GM's pause, resume and extend do beyond META (functions/service/lifecycle.ts; ARCHITECTURE.md:
// pause, resume, extend; the scheduler fires the resolver at the deadline): the phase's trigger is
// cancelled by a pause and set again by a resume or an extension, at the deadline the answer names,
// and the public record (matches/<id>/index.json on the site) says so at once. Through the API on the
// local stack; the trigger calls are recorded on their way to the stack's own timer scheduler.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Scheduler } from '../../functions/ports.js';
import { startSeven } from '../integration/lupus-table.js';
import { handClock } from '../setup/clock.js';
import { effectsSettled, useStack } from '../setup/stack.js';

const clock = handClock();
const MINUTE = 60_000;
const { stack, api } = useStack({ clock, sweepEveryMs: 3_600_000 });

type Call = [kind: 'schedule' | 'cancel', matchId: string, phase: string, at?: number];
let calls: Call[] = [];

// The stack's own scheduler, kept before the first test puts the recording one in its place.
let inner: Scheduler | undefined;
beforeEach(() => {
  calls = [];
  const ports = stack.ports as { scheduler: Scheduler };
  const real = (inner ??= ports.scheduler);
  ports.scheduler = {
    schedule: async (matchId, phase, at) => {
      calls.push(['schedule', matchId, phase, at]);
      await real.schedule(matchId, phase, at);
    },
    cancel: async (matchId, phase) => {
      calls.push(['cancel', matchId, phase]);
      await real.cancel(matchId, phase);
    },
  };
});

/** The match's public summary as the site serves it now. */
async function published(matchId: string): Promise<{ status: string; deadline: number | null; phase: string | null }> {
  // Written by the stream's consumer from the commit (issue 47, decision 11): once it has caught up.
  await effectsSettled(stack);
  return JSON.parse(await readFile(join(stack.siteDir, 'matches', matchId, 'index.json'), 'utf8'));
}

/** The phase files the site holds for the match: a control publishes the match, and no phase. */
async function phaseFiles(matchId: string): Promise<string[]> {
  await effectsSettled(stack);
  return (await readdir(join(stack.siteDir, 'matches', matchId, 'phases'))).sort();
}

describe('GM controls and the phase trigger', () => {
  it('ARCHITECTURE a pause cancels the phase trigger and publishes the match as paused; a resume sets the trigger at the new deadline and publishes it', async () => {
    const m = await startSeven(api, {}, 'trigger-pause');
    const base = `/api/matches/${m.matchId}`;
    const { phase, deadline } = (await api.get(base)).body as { phase: string; deadline: number };
    expect(await published(m.matchId)).toMatchObject({ status: 'running', phase, deadline });
    const files = await phaseFiles(m.matchId);
    calls = [];

    clock.t = deadline - 20 * MINUTE;
    expect((await api.post(`${base}/pause`, {}, m.gm)).body).toEqual({ status: 'paused', remainingMs: 20 * MINUTE });
    expect(calls).toEqual([['cancel', m.matchId, phase]]);
    expect(await published(m.matchId)).toMatchObject({ status: 'paused', phase });

    calls = [];
    clock.t += 90 * MINUTE;
    const resumed = (await api.post(`${base}/resume`, {}, m.gm)).body;
    expect(resumed).toEqual({ status: 'running', deadline: clock.t + 20 * MINUTE });
    expect(calls).toEqual([['schedule', m.matchId, phase, clock.t + 20 * MINUTE]]);
    expect(await published(m.matchId)).toMatchObject({ status: 'running', phase, deadline: clock.t + 20 * MINUTE });
    expect(await phaseFiles(m.matchId)).toEqual(files);
  });

  it('ARCHITECTURE an extension moves the trigger with the deadline and publishes it; while paused it adds to the time kept and sets no trigger', async () => {
    const m = await startSeven(api, {}, 'trigger-extend');
    const base = `/api/matches/${m.matchId}`;
    const { phase, deadline } = (await api.get(base)).body as { phase: string; deadline: number };
    const files = await phaseFiles(m.matchId);
    calls = [];

    expect((await api.post(`${base}/extend`, { minutes: 15 }, m.gm)).body).toEqual({ deadline: deadline + 15 * MINUTE, remainingMs: null });
    expect(calls).toEqual([['schedule', m.matchId, phase, deadline + 15 * MINUTE]]);
    expect(await published(m.matchId)).toMatchObject({ status: 'running', deadline: deadline + 15 * MINUTE });

    clock.t = deadline - 5 * MINUTE;
    await api.post(`${base}/pause`, {}, m.gm);
    calls = [];
    const extended = (await api.post(`${base}/extend`, { minutes: 10 }, m.gm)).body;
    expect(extended).toEqual({ deadline: deadline + 15 * MINUTE, remainingMs: 30 * MINUTE });
    expect(calls).toEqual([]);
    expect(await published(m.matchId)).toMatchObject({ status: 'paused' });

    expect((await api.post(`${base}/resume`, {}, m.gm)).body).toEqual({ status: 'running', deadline: clock.t + 30 * MINUTE });
    expect(calls).toEqual([['schedule', m.matchId, phase, clock.t + 30 * MINUTE]]);
    expect(await phaseFiles(m.matchId)).toEqual(files);
  });
});

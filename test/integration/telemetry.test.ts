// Operations: the service's metrics and logs as Lambda would collect them. The Powertools adapter writes
// CloudWatch EMF and JSON log lines to stdout and stderr; this test captures both and reads them back with the
// namespace, names and dimensions infra/alarms.ts reads (functions/telemetry/metrics.ts).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PowertoolsTelemetry } from '../../functions/adapters/aws/powertools-telemetry.js';
import type { LocalStack } from '../../functions/local/stack.js';
import { resolvePhase } from '../../functions/service/resolve.js';
import { METRICS, METRICS_NAMESPACE, SERVICE_DIMENSION, serviceName } from '../../functions/telemetry/metrics.js';
import { handClock } from '../setup/clock.js';
import { client, testStack } from '../setup/stack.js';
import { startSeven, type Api } from './lupus-table.js';
import { receiver, settle } from '../toolkit/helpers.js';

const clock = handClock();
let stack: LocalStack;
let api: Api;
let lines: string[] = [];
/** Lambda collects both streams (Powertools writes warnings and errors to stderr). */
const streams = [process.stdout, process.stderr] as const;
const writes = streams.map((s) => s.write.bind(s));

beforeAll(async () => {
  stack = await testStack({ clock, sweepEveryMs: 3_600_000 });
  stack.ports.telemetry = new PowertoolsTelemetry('test');
  api = client(stack.url);
  streams.forEach((stream, i) => {
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      return (writes[i] as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write;
  });
});
afterAll(async () => {
  streams.forEach((stream, i) => (stream.write = writes[i]!));
  await stack?.stop();
});
afterEach(() => {
  lines = [];
});

const json = () =>
  lines.flatMap((l) => {
    try {
      return [JSON.parse(l) as Record<string, any>];
    } catch {
      return [];
    }
  });
/** The EMF documents that define `metric`: CloudWatch's view of what was emitted. */
const emf = (metric: string) =>
  json().filter((d) => d._aws?.CloudWatchMetrics?.some((m: any) => m.Metrics.some((x: any) => x.Name === metric)));

describe('telemetry on Lambda (Powertools, EMF)', () => {
  it('a resolution emits PhasesResolved and ResolutionTime under the dusk namespace, and logs its match and phase', async () => {
    const m = await startSeven(api, {}, 'telemetry');
    clock.t += 25 * 60 * 60_000;
    lines = [];
    expect(await resolvePhase(stack.ports, m.matchId, 'night-1')).toBe('resolved');
    const [resolved] = emf(METRICS.phasesResolved.name);
    expect(emf(METRICS.phasesResolved.name)).toHaveLength(1);
    expect(resolved!._aws.CloudWatchMetrics[0]).toEqual({
      Namespace: METRICS_NAMESPACE,
      Dimensions: [[SERVICE_DIMENSION]],
      Metrics: [{ Name: 'PhasesResolved', Unit: 'Count' }],
    });
    expect(resolved![SERVICE_DIMENSION]).toBe(serviceName('test'));
    expect(resolved!.PhasesResolved).toBe(1);
    const [time] = emf(METRICS.resolutionTime.name);
    expect(time!._aws.CloudWatchMetrics[0].Metrics).toEqual([{ Name: 'ResolutionTime', Unit: 'Milliseconds' }]);
    expect(time!.ResolutionTime).toBeGreaterThanOrEqual(0);
    const log = json().find((d) => d.message === 'phase resolved');
    expect(log).toMatchObject({
      level: 'INFO',
      service: 'dusk-test',
      matchId: m.matchId,
      phase: 'night-1',
      ruleset: 'lupus',
      next: 'day-1',
    });
    // A repeated trigger resolves nothing and counts nothing.
    lines = [];
    expect(await resolvePhase(stack.ports, m.matchId, 'night-1')).toBe('nothing-to-do');
    expect(emf(METRICS.phasesResolved.name)).toEqual([]);
  });

  it('every refusal of the API is counted by its reason id', async () => {
    const m = await startSeven(api, {}, 'telemetry-refusals');
    await api.post(`/api/matches/${m.matchId}/me/actions`, { type: 'investigate', target: 'bruno' }, 'p9.not-a-token');
    await api.get('/api/no-such-route');
    const reasons = emf(METRICS.refusals.name).map((d) => {
      expect(d._aws.CloudWatchMetrics[0]).toMatchObject({ Namespace: 'dusk', Dimensions: [[SERVICE_DIMENSION, 'reason']] });
      return d.reason;
    });
    expect(reasons).toEqual(['unauthorized', 'not-found']);
    // An accepted request counts nothing.
    lines = [];
    expect((await api.get(`/api/matches/${m.matchId}/me`, m.tokens.anna!)).status).toBe(200);
    expect(emf(METRICS.refusals.name)).toEqual([]);
  });

  it('a webhook attempt that fails is counted and logged with its match, without the target’s path', async () => {
    const r = await receiver(() => 500);
    try {
      const m = await startSeven(api, {}, 'telemetry-hooks');
      const set = await api.call(
        'PUT',
        `/api/matches/${m.matchId}/webhooks`,
        { urls: [`${r.base}/bot-secret/hook`], remindBeforeMinutes: 0 },
        m.gm,
      );
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      lines = [];
      await api.post(`/api/matches/${m.matchId}/resolve`, { phase: 'night-1' }, m.gm);
      await r.waitFor(1);
      await settle(300);
      expect(emf(METRICS.webhookFailures.name).map((d) => d.WebhookFailures)).toEqual([1]);
      const log = json().find((d) => d.message === 'webhook attempt failed');
      expect(log).toMatchObject({ level: 'WARN', matchId: m.matchId, phase: 'night-1', status: 500, state: 'pending' });
      expect(JSON.stringify(log)).not.toContain('bot-secret');
    } finally {
      await r.close();
    }
  });
});

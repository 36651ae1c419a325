// Small measuring helpers for the bench: timing, percentiles, a table printer.

export interface Summary {
  n: number;
  min: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

export function summarize(samples: number[]): Summary {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => (s.length === 0 ? 0 : s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!);
  const mean = s.reduce((a, b) => a + b, 0) / Math.max(1, s.length);
  return {
    n: s.length,
    min: round(s[0] ?? 0),
    p50: round(at(50)),
    p95: round(at(95)),
    p99: round(at(99)),
    max: round(s[s.length - 1] ?? 0),
    mean: round(mean),
  };
}

export const now = () => performance.now();

/** Runs `task` with `concurrency` workers for `ms` milliseconds: per-call latencies and calls per second. */
export async function saturate(task: (worker: number, i: number) => Promise<void>, concurrency: number, ms: number) {
  const latencies: number[] = [];
  const end = now() + ms;
  const t0 = now();
  let calls = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = 0; now() < end; i++) {
        const t = now();
        await task(worker, i);
        latencies.push(now() - t);
        calls++;
      }
    }),
  );
  return { perSecond: round((calls / (now() - t0)) * 1000, 1), latency: summarize(latencies) };
}

/** Prints rows as an aligned text table. */
export function table(headers: string[], rows: Array<Array<string | number>>): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(cells[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

export { round };

// The Scheduler port locally: timers for precision, and a loop over the table so a restart loses nothing.
import type { Ports, Scheduler } from '../../ports.js';

export type Resolve = (matchId: string, phase: string) => Promise<unknown>;

export class TimerScheduler implements Scheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private loop: NodeJS.Timeout | null = null;
  private resolve: Resolve | null = null;
  private sweeping = false;

  /** Connects the resolver and starts the loop that reads due matches from the table. */
  start(resolve: Resolve, sweep: () => Promise<unknown>, everyMs = 1000): void {
    this.resolve = resolve;
    const tick = async () => {
      if (this.sweeping) return;
      this.sweeping = true;
      try {
        await sweep();
      } catch (error) {
        console.error(JSON.stringify({ level: 'error', message: `sweep failed: ${String(error)}` }));
      } finally {
        this.sweeping = false;
      }
    };
    this.loop = setInterval(tick, everyMs);
    void tick();
  }

  stop(): void {
    if (this.loop) clearInterval(this.loop);
    this.loop = null;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }

  async schedule(matchId: string, phase: string, at: number): Promise<void> {
    await this.cancel(matchId, phase);
    const delay = at - Date.now();
    // Far deadlines are left to the loop; a timer beyond ~24 days would overflow anyway.
    if (delay > 6 * 60 * 60_000) return;
    const key = `${matchId}/${phase}`;
    const timer = setTimeout(() => {
      this.timers.delete(key);
      void this.resolve?.(matchId, phase).catch((error) =>
        console.error(JSON.stringify({ level: 'error', message: `resolve failed: ${String(error)}` })),
      );
    }, Math.max(0, delay) + 5);
    timer.unref();
    this.timers.set(key, timer);
  }

  async cancel(matchId: string, phase: string): Promise<void> {
    const key = `${matchId}/${phase}`;
    const timer = this.timers.get(key);
    if (timer) clearTimeout(timer);
    this.timers.delete(key);
  }
}

export const systemClock: Ports['clock'] = { now: () => Date.now() };

// The local delivery queue: each job runs on its own in this process, so one silent receiver holds up only itself.
import type { DeliveryQueue, Ports } from '../../ports.js';
import type { DeliveryJob } from '../../records.js';
import { runDelivery } from '../../effects/deliveries.js';

export class LocalDeliveries implements DeliveryQueue {
  private readonly running = new Set<Promise<unknown>>();
  private ports: Ports | null = null;

  /** The ports the jobs run with (they name this queue: set once they exist). */
  attach(ports: Ports): void {
    this.ports = ports;
  }

  enqueue(jobs: DeliveryJob[]): Promise<void> {
    const ports = this.ports;
    if (!ports) return Promise.reject(new Error('LocalDeliveries: not attached'));
    for (const job of jobs) {
      const run = runDelivery(ports, job)
        .catch((error) =>
          console.error(
            JSON.stringify({ level: 'warn', message: 'delivery failed', kind: job.kind, matchId: job.matchId, error: String(error) }),
          ),
        )
        .finally(() => this.running.delete(run));
      this.running.add(run);
    }
    return Promise.resolve();
  }

  /** Deliveries still running (tests wait on their effects, the stack's stop on them). */
  get pending(): number {
    return this.running.size;
  }

  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}

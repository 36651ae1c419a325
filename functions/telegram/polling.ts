// Long polling (getUpdates) for `npm start -- --telegram`: the bot on this machine, no public address
// needed. Each update is handled once (handleOnce), then the offset moves past it; one whose handling
// failed keeps the offset on it, so the next getUpdates brings it again (a bounded number of times).
import type { Ports } from '../ports.js';
import { telemetryOf } from '../service/telemetry.js';
import { ALLOWED_UPDATES, type BotApi } from './bot-api.js';
import { handleOnce } from './webhook.js';

/** Tries of one update whose handling fails before the poller moves past it (as Telegram gives up on a webhook). */
export const POLL_ATTEMPTS = 5;

export interface Poller {
  stop(): Promise<void>;
}

export function startPolling(ports: Ports, api: BotApi, options: { timeoutSeconds?: number } = {}): Poller {
  let running = true;
  let offset = 0;
  const failures = new Map<number, number>();
  const timeout = options.timeoutSeconds ?? 25;
  const loop = (async () => {
    await api.call('deleteWebhook', { drop_pending_updates: false }).catch(() => undefined);
    while (running) {
      try {
        const updates = await api.call('getUpdates', {
          offset,
          timeout,
          allowed_updates: ALLOWED_UPDATES,
        });
        let failed = false;
        for (const u of updates) {
          if (!running) break;
          const outcome = await handleOnce(ports, u);
          if (outcome === 'failed' || outcome === 'busy') {
            const tries = (failures.get(u.update_id) ?? 0) + 1;
            failures.set(u.update_id, tries);
            if (tries < POLL_ATTEMPTS) {
              failed = true;
              break;
            }
          }
          failures.delete(u.update_id);
          offset = Math.max(offset, u.update_id + 1);
        }
        if (failed) await new Promise((done) => setTimeout(done, 1_000));
      } catch (error) {
        if (!running) break;
        telemetryOf(ports).log('warn', 'telegram getUpdates failed', { error: String(error) });
        await new Promise((done) => setTimeout(done, 1_000));
      }
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
    },
  };
}

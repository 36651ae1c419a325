// Long polling (getUpdates) for `npm start -- --telegram`: the bot on this machine, no public address
// needed. Each update is handled once (handleOnce), then the offset moves past it.
import type { Ports } from '../ports.js';
import { telemetryOf } from '../service/telemetry.js';
import type { BotApi } from './bot-api.js';
import { handleOnce } from './webhook.js';

export interface Poller {
  stop(): Promise<void>;
}

export function startPolling(ports: Ports, api: BotApi, options: { timeoutSeconds?: number } = {}): Poller {
  let running = true;
  let offset = 0;
  const timeout = options.timeoutSeconds ?? 25;
  const loop = (async () => {
    await api.call('deleteWebhook', { drop_pending_updates: false }).catch(() => undefined);
    while (running) {
      try {
        const updates = await api.call('getUpdates', {
          offset,
          timeout,
          allowed_updates: ['message', 'callback_query', 'chat_join_request'],
        });
        for (const u of updates) {
          offset = Math.max(offset, u.update_id + 1);
          if (running) await handleOnce(ports, u);
        }
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

// The flow with a bound group's reminders added to each sweep (issue 45). The reminders' module (texts,
// posts) is loaded on the first sweep, not where the ports are composed: the API never reads it at init.
import type { Observers } from '../ports.js';
import { telemetryOf } from '../service/telemetry.js';

/** `base` with the Telegram reminders after each sweep (a failure is logged, never the sweep's). */
export function withTelegram(base: Observers): Observers {
  return {
    ...base,
    async sweep(ports) {
      const before = await base.sweep(ports);
      const { telegramRemindDue } = await import('./reminders.js');
      await telegramRemindDue(ports).catch((error) =>
        telemetryOf(ports).log('error', 'telegram reminders failed', { error: String(error) }),
      );
      return before;
    },
  };
}

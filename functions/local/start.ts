// `npm start`: the whole of dusk on this machine, data kept under .data/ across restarts.
import { parseArgs } from 'node:util';
import { LIMITS_ENV, readEnv } from '../env.js';
import { startLocalStack } from './stack.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT ?? '3000' },
    host: { type: 'string', default: process.env.HOST ?? '127.0.0.1' },
    'phase-seconds': { type: 'string', default: process.env.DUSK_PHASE_SECONDS ?? '' },
    data: { type: 'string', default: process.env.DUSK_DATA ?? '.data' },
    telegram: { type: 'boolean', default: false },
  },
});

const telegramToken = process.env.DUSK_TELEGRAM_TOKEN ?? '';
if (values.telegram && !telegramToken) {
  console.error('--telegram needs the bot token from BotFather in DUSK_TELEGRAM_TOKEN');
  process.exit(2);
}

const phaseSeconds = values['phase-seconds'] ? Number(values['phase-seconds']) : undefined;
if (phaseSeconds !== undefined && !(phaseSeconds > 0)) {
  console.error('--phase-seconds must be a positive number');
  process.exit(2);
}

// The Lambda's own defaults (functions/env.ts); only the creation limit has a local variable.
const limits = readEnv(LIMITS_ENV, {
  CREATE_PER_HOUR: process.env.DUSK_CREATE_PER_HOUR,
  CREATE_PER_HOUR_ALL: process.env.DUSK_CREATE_PER_HOUR_ALL,
});

try {
  const stack = await startLocalStack({
    port: Number(values.port),
    host: values.host,
    dataDir: values.data,
    longLived: true,
    ...(phaseSeconds ? { phaseSeconds } : {}),
    ratePerMinute: limits.RATE_PER_MINUTE,
    anonymousPerMinute: limits.ANONYMOUS_RATE_PER_MINUTE,
    createPerHour: limits.CREATE_PER_HOUR,
    createPerHourAll: limits.CREATE_PER_HOUR_ALL,
    ...(values.telegram
      ? {
          telegram: {
            token: telegramToken,
            mode: 'poll' as const,
            ...(process.env.DUSK_TELEGRAM_API ? { baseUrl: process.env.DUSK_TELEGRAM_API } : {}),
          },
        }
      : {}),
  });
  console.log(`dusk is running: open ${stack.url}/ in your browser`);
  console.log(`API: ${stack.url}/api (OpenAPI at ${stack.url}/api/openapi.json); data in ${values.data}/`);
  if (phaseSeconds) console.log(`every phase lasts ${phaseSeconds} s (watch mode)`);
  if (stack.ports.telegram) console.log(`Telegram: @${stack.ports.telegram.username} reads its updates by long polling`);
  const shutdown = async () => {
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} catch (error) {
  console.error(String(error instanceof Error ? error.message : error));
  process.exit(1);
}

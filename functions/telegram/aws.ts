// The bot a Lambda gets from its environment (infra/telegram.ts sets the variables from the operator's
// secret): the paced bot when a token and the bot's name are there, nothing otherwise.
import type { Ports } from '../ports.js';
import { PacedBot } from './bot.js';

export interface TelegramEnv {
  TELEGRAM_TOKEN?: string | undefined;
  TELEGRAM_BOT?: string | undefined;
  TELEGRAM_API?: string | undefined;
}

export function telegramFromEnv(env: TelegramEnv): Pick<Ports, 'telegram'> {
  if (!env.TELEGRAM_TOKEN || !env.TELEGRAM_BOT) return {};
  return {
    telegram: new PacedBot({
      token: env.TELEGRAM_TOKEN,
      username: env.TELEGRAM_BOT,
      ...(env.TELEGRAM_API ? { baseUrl: env.TELEGRAM_API } : {}),
    }),
  };
}

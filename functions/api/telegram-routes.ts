// Telegram: the GM's one-time group code, a player's one-time deep link and a channel member's code for
// the channel's own group (functions/telegram/binding.ts).
import type { Ports } from '../ports.js';
import { channelCode, groupCode, seatLink } from '../telegram/binding.js';
import { mount, type ApiApp } from './contract.js';
import { routes } from './routes.js';

export function registerTelegramRoutes(app: ApiApp, ports: Ports): void {
  mount(app, routes.telegramGroupCode, async (c, input) => c.json(await groupCode(ports, input.caller), 201));
  mount(app, routes.telegramLink, async (c, input) => c.json(await seatLink(ports, input.caller), 201));
  mount(app, routes.telegramChannelCode, async (c, input) => c.json(await channelCode(ports, input.caller, c.req.param('channel')), 201));
}

// GM settings (§17) with their defaults; object settings merge per key (KG-18, scenario overrides).
import * as z from 'zod';
import { isValidTimezone } from '../../core/timing.js';
import { BASE_PRICES, WEAPON_DEFAULTS } from './catalog.js';
import { BUILT_IN_MAPS, mapProblem, type MapDef } from './map.js';

/** Time zone names checked once each (building a formatter is slow). */
const knownZones = new Map<string, boolean>();
function validTimezone(name: string): boolean {
  let ok = knownZones.get(name);
  if (ok === undefined) knownZones.set(name, (ok = isValidTimezone(name)));
  return ok;
}

const int = (min: number, max: number, def: number) => z.int().min(min).max(max).default(def);
const time = (def: string) =>
  z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time of day HH:MM')
    .default(def);

function weaponSchema(id: string) {
  const d = WEAPON_DEFAULTS[id]!;
  const base = { damage: int(1, 20, d.damage), shots: int(1, 5, d.shots) };
  if (id === 'crossbow') {
    return z.object({ ...base, 'poison-damage': int(0, 5, 2), 'poison-turns': int(0, 5, 2) }).prefault({});
  }
  return z.object(base).prefault({});
}

const weapons = z
  .object({
    'sniper-rifle': weaponSchema('sniper-rifle'),
    'machine-gun': weaponSchema('machine-gun'),
    shotgun: weaponSchema('shotgun'),
    flamethrower: weaponSchema('flamethrower'),
    crossbow: z
      .object({ damage: int(1, 20, 2), shots: int(1, 5, 1), 'poison-damage': int(0, 5, 2), 'poison-turns': int(0, 5, 2) })
      .prefault({}),
    knife: weaponSchema('knife'),
    'ninja-knife': weaponSchema('ninja-knife'),
    'rambo-knife': weaponSchema('rambo-knife'),
    fists: weaponSchema('fists'),
  })
  .strict()
  .prefault({});

const prices = z
  .object(
    Object.fromEntries(Object.entries(BASE_PRICES).map(([id, p]) => [id, int(0, 100000, p)])) as Record<string, z.ZodDefault<z.ZodInt>>,
  )
  .strict()
  .prefault({});

const zoneSchema = z.object({
  id: z.string(),
  name: z.string(),
  closes: z.int().min(1).nullable(),
  start: z.boolean(),
  x: z.number(),
  y: z.number(),
  neighbours: z.array(z.string()),
});

export const customMapSchema = z.object({
  name: z.string(),
  initialZone: z.string(),
  centralZone: z.string(),
  finalZones: z.array(z.string()),
  zones: z.array(zoneSchema).min(1).max(200),
});

export const settingsSchema = z
  .object({
    mode: z.enum(['free-for-all', 'teams', 'districts']).default('free-for-all'),
    teams: int(2, 8, 2),
    map: z.enum(['classica', 'inferno', 'custom']).default('classica'),
    'custom-map': customMapSchema.nullable().default(null),
    'min-players': int(2, 1000, 2),
    'max-players': int(2, 1000, 24),
    'tactic-start': time('13:00'),
    'action-start': time('21:30'),
    timezone: z.string().refine(validTimezone, 'an IANA time zone name').default('Europe/Rome'),
    'check-mode': z.boolean().default(false),
    'check-phase-hours': int(1, 168, 24),
    'k-rations': z.boolean().default(true),
    'free-k-rations': int(0, 20, 5),
    'central-k-rations': int(0, 10, 3),
    budget: int(0, 100000, 1000),
    prices,
    weapons,
    'grenade-damage': int(1, 25, 7),
    'c4-damage': int(1, 25, 9),
    'smoke-turns': int(1, 5, 2),
    'gas-turns': int(1, 5, 3),
    'gas-damage': int(1, 10, 3),
    'double-damage-players': int(0, 10, 3),
    monsters: int(0, 10, 2),
    'closed-zone-damage': int(1, 25, 10),
    'market-trades': int(1, 10, 3),
    'approval-threshold': int(1, 10, 3),
    'first-closing-turn': int(1, 20, 1),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s['min-players'] > s['max-players']) {
      ctx.addIssue({ code: 'custom', path: ['min-players'], message: '"min-players" must not exceed "max-players".' });
    }
    if (s['action-start'] === s['tactic-start']) {
      ctx.addIssue({ code: 'custom', path: ['action-start'], message: '"action-start" must differ from "tactic-start".' });
    }
    let map: MapDef | undefined = BUILT_IN_MAPS[s.map];
    if (s.map === 'custom') {
      const custom = s['custom-map'];
      if (!custom) {
        ctx.addIssue({ code: 'custom', path: ['custom-map'], message: 'map-special-zone: "map" is "custom" but "custom-map" is missing.' });
        return;
      }
      // KG-9.8: the first failing check's code, with a message naming the zone.
      const problem = mapProblem(custom);
      if (problem) {
        ctx.addIssue({
          code: 'custom',
          path: ['custom-map'],
          message: `${problem.code}: ${problem.message}`,
          params: { code: problem.code },
        });
        return;
      }
      map = custom;
    }
    if (map && s.monsters >= map.zones.length) {
      ctx.addIssue({ code: 'custom', path: ['monsters'], message: `"monsters" must be fewer than the map's ${map.zones.length} zones.` });
    }
  });

export type KillGameSettings = z.output<typeof settingsSchema>;

/** KG-17.1 settings a GM may change while the match runs. */
export const LIVE_SETTINGS = ['tactic-start', 'action-start', 'timezone', 'check-mode', 'check-phase-hours'] as const;

export function weaponStats(settings: KillGameSettings, weapon: string): { damage: number; shots: number } {
  return (settings.weapons as Record<string, { damage: number; shots: number }>)[weapon] ?? { damage: 0, shots: 0 };
}

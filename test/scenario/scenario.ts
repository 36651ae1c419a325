// The scenario file format of shared/scenarios/FORMAT.md, parsed with zod.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { DICE_MODES } from '../../engine/core/rng.js';

const event = z.looseObject({ kind: z.string(), to: z.string() });

export const expectation = z
  .object({
    alive: z.array(z.string()).optional(),
    dead: z.array(z.string()).optional(),
    jailed: z.array(z.string()).optional(),
    winner: z.string().nullable().optional(),
    phase: z.string().nullable().optional(),
    role: z.record(z.string(), z.string()).optional(),
    stats: z.record(z.string(), z.record(z.string(), z.number())).optional(),
    zone: z.record(z.string(), z.string()).optional(),
    inventory: z.record(z.string(), z.record(z.string(), z.number())).optional(),
    events: z.array(event).optional(),
    noEvents: z.array(event).optional(),
    hidden: z.record(z.string(), z.array(z.string())).optional(),
  })
  .strict();

export const scenarioAction = z.looseObject({ player: z.string(), type: z.string(), reject: z.string().optional() });

export const scenarioSchema = z.object({
  name: z.string(),
  rule: z.array(z.string()).optional(),
  ruleset: z.string(),
  settings: z.record(z.string(), z.unknown()).default({}),
  seed: z.string(),
  dice: z.enum(DICE_MODES).default('natural'),
  players: z.array(z.looseObject({ id: z.string(), name: z.string() })),
  setup: z.record(z.string(), z.unknown()).default({}),
  phases: z.array(
    z.object({
      phase: z.string(),
      actions: z.array(scenarioAction).default([]),
      expect: expectation.default({}),
    }),
  ),
  expect: expectation.default({}),
});

export type Scenario = z.infer<typeof scenarioSchema>;
export type ScenarioAction = z.infer<typeof scenarioAction>;
export type Expectation = z.infer<typeof expectation>;

export function loadScenario(path: string): Scenario {
  return scenarioSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
}

/** Every .json file named, or found (sorted) in a named folder and its subfolders. */
export function scenarioFiles(paths: string[]): string[] {
  const files: string[] = [];
  const walk = (path: string) => {
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path).sort()) walk(join(path, entry));
    } else if (path.endsWith('.json')) files.push(path);
  };
  for (const p of paths) walk(p);
  return files;
}

/** A player's fixed keys (everything but id and name) and the join options his ruleset declares. */
export function splitPlayer(player: Scenario['players'][number], optionKeys: string[]) {
  const { id: _id, name: _name, ...fixed } = player;
  const options: Record<string, unknown> = {};
  for (const key of optionKeys) if (key in fixed) options[key] = fixed[key];
  return { fixed, options };
}

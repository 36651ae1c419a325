// The ruleset contract as the registry enforces it (engine/core/check.ts), the public roster every
// ruleset declares, and the refusal reasons each declares: all in the scenarios, all with a text.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { registry } from '../../../engine/index.js';
import { rulesets } from '../../rulesets.js';
import { checkRuleset, rulesetProblems } from '../../../engine/core/check.js';
import { PLATFORM_REASONS, type Ruleset } from '../../../engine/core/types.js';
import { lupus } from '../../../engine/rulesets/lupus/index.js';
import { STATUS_BY_REASON } from '../../../functions/api/status.js';
import { DICTS } from '../../../texts/index.js';
import { InProcessDriver } from '../../scenario/in-process.js';
import { loadScenario, scenarioFiles } from '../../scenario/scenario.js';
import { scenarioRoot } from '../../scenario/roots.js';

// A ruleset's own scenarios and, when present, the public ones of shared/scenarios.
const shared = scenarioRoot();
const scenariosOf = (id: string) =>
  scenarioFiles([join(import.meta.dirname, '..', id, 'scenarios'), join(shared, id)].filter((d) => existsSync(d))).map(loadScenario);

const broken = (change: Partial<Record<keyof Ruleset, unknown>>) => ({ ...lupus, ...change }) as Ruleset;

describe('the registry checks each ruleset against the contract when it is first loaded', () => {
  it('every shipped ruleset keeps it, under its own id', () => {
    for (const [id, ruleset] of Object.entries(rulesets)) {
      expect(rulesetProblems(ruleset), id).toEqual([]);
      expect(ruleset.id).toBe(id);
    }
  });

  const cases: Array<[string, Ruleset, RegExp]> = [
    [
      'an id that is not kebab-case',
      broken({ id: 'Lupus_2' }),
      /^Ruleset "Lupus_2" breaks the contract: id "Lupus_2" is not a kebab-case id/,
    ],
    [
      'settings without a default for every key',
      broken({ settings: z.object({ seats: z.number() }) }),
      /settings does not parse \{\} to its defaults/,
    ],
    [
      'a live setting the schema does not have',
      broken({ liveSettings: ['day-minutes', 'moon-phase'] }),
      /liveSettings names "moon-phase", not a setting/,
    ],
    ['join options a player without choices fails', broken({ options: z.object({ side: z.string() }) }), /options does not parse \{\}/],
    ['a home language dusk does not speak', broken({ homeLang: 'de' }), /homeLang "de" is not one of it, ru, en/],
    ['no actions', broken({ actions: [] }), /actions is empty/],
    ['an action that is not kebab-case', broken({ actions: ['vote', 'Maul'] }), /actions has "Maul", not a kebab-case id/],
    ['an action twice', broken({ actions: ['vote', 'vote'] }), /actions names "vote" twice/],
    [
      'issue 41: an action without its declared fields',
      broken({ actionFields: { ...lupus.actionFields, vote: undefined } }),
      /actionFields does not match actions at "vote"/,
    ],
    [
      "issue 41: an action field named like the platform's",
      broken({ actionFields: { ...lupus.actionFields, vote: ['target', 'phase'] } }),
      /actionFields gives "vote" the platform's field "phase"/,
    ],
    ["the platform's own action", broken({ actions: ['vote', 'withdraw'] }), /actions declares "withdraw", the platform's own action/],
    ['no reasons', broken({ reasons: [] }), /reasons is empty/],
    ['a reason that is not kebab-case', broken({ reasons: ['not alive'] }), /reasons has "not alive"/],
    [
      'a pattern with another placeholder',
      broken({ channelPatterns: ['spirit-{name}'] }),
      /"spirit-\{name\}" has a placeholder other than \{player\}/,
    ],
    [
      'a pattern every player id collides with',
      broken({ channelPatterns: ['{player}-ghost'] }),
      /"\{player\}-ghost" starts with \{player\}/,
    ],
    ['a pattern that is not kebab-case', broken({ channelPatterns: ['Pack'] }), /"Pack" is not a kebab-case id/],
    ['no public roster', broken({ roster: undefined }), /roster is not a function/],
  ];
  for (const [what, ruleset, message] of cases) {
    it(`refuses ${what}`, async () => {
      const registered = registry({ [ruleset.id]: async () => ruleset });
      expect(registered.ids).toEqual([ruleset.id]);
      // Every load is refused, the second as the first: a broken ruleset never counts as checked.
      await expect(registered.load(ruleset.id)).rejects.toThrow(message);
      await expect(registered.loadAll()).rejects.toThrow(message);
      expect(registered.loaded(ruleset.id)).toBeUndefined();
      expect(() => checkRuleset(ruleset)).toThrow(message);
    });
  }

  it('names every problem at once, and refuses a ruleset registered under an id not its own', async () => {
    expect(() => checkRuleset(broken({ actions: [], reasons: [] }))).toThrow(/actions is empty; reasons is empty\.$/);
    const misnamed = registry({ mafia: async () => lupus });
    await expect(misnamed.load('mafia')).rejects.toThrow('Ruleset "lupus" is registered as "mafia".');
    expect(misnamed.loaded('mafia')).toBeUndefined();
    const one = registry({ lupus: async () => lupus });
    expect(one.loaded('lupus')).toBeUndefined();
    expect(await one.load('lupus')).toBe(lupus);
    expect(one.loaded('lupus')).toBe(lupus);
    expect(await one.loadAll()).toEqual({ lupus });
    expect(await one.load('toString')).toBeUndefined();
    expect(one.loaded('toString')).toBeUndefined();
  });

  it('loads each ruleset once, however many ask at the same time, and tries a failed load again', async () => {
    let calls = 0;
    const flaky = registry({
      lupus: async () => {
        calls++;
        if (calls === 1) throw new Error('chunk not readable');
        return lupus;
      },
    });
    await expect(flaky.load('lupus')).rejects.toThrow('chunk not readable');
    const [a, b] = await Promise.all([flaky.load('lupus'), flaky.load('lupus')]);
    expect([a, b]).toEqual([lupus, lupus]);
    await flaky.load('lupus');
    expect(calls).toBe(2);
  });
});

describe('the public roster', () => {
  for (const id of Object.keys(rulesets)) {
    it(`${id}: after the start and every close of its scenarios, the roster is the public view's players and who of them is alive`, async () => {
      const ruleset = rulesets[id]!;
      let deaths = 0;
      for (const scenario of scenariosOf(id)) {
        const driver = new InProcessDriver();
        await driver.start(scenario);
        const same = () => {
          const shown = (ruleset.view(driver.currentState, { as: 'public' }) as { players: Array<{ id: string; alive: boolean }> }).players;
          const roster = ruleset.roster(driver.currentState);
          expect(roster, scenario.name).toEqual(shown.map((p) => ({ id: p.id, alive: p.alive })));
          return roster.filter((p) => !p.alive).length;
        };
        same();
        for (const step of scenario.phases) {
          if ((await driver.phase()) !== step.phase) break;
          for (const { reject: _reject, ...action } of step.actions) await driver.act({ ...action, reject: undefined });
          await driver.close(step.phase);
          deaths = Math.max(deaths, same());
        }
      }
      // The scenarios kill someone, so the roster's `alive` is tested both ways.
      expect(deaths).toBeGreaterThan(0);
    });
  }
});

describe('refusal reasons', () => {
  const declared = new Map<string, readonly string[]>([
    ...Object.values(rulesets).map((r) => [r.id, r.reasons] as [string, readonly string[]]),
    ['platform (engine)', PLATFORM_REASONS],
    ['platform (service and HTTP edge, STATUS_BY_REASON)', Object.keys(STATUS_BY_REASON)],
  ]);

  // Lupus's `no()` helper and Mafia's item blocks once hid 14 reasons from the page's source scan: the
  // declared lists are the evidence now, so no refusal reaches a player in the server's English.
  for (const [who, reasons] of declared) {
    it(`${who}: every declared reason has its text in Italian, Russian and English`, () => {
      for (const lang of ['it', 'ru', 'en'] as const) {
        const missing = reasons.filter((reason) => DICTS[lang].errors[reason] === undefined);
        expect(missing, `${who} reasons without a ${lang} text`).toEqual([]);
      }
    });
  }

  for (const id of Object.keys(rulesets)) {
    it(`${id}: every refusal its scenarios expect is one it or the platform declares`, () => {
      const known = new Set<string>([...rulesets[id]!.reasons, ...PLATFORM_REASONS]);
      const expected = scenariosOf(id).flatMap((s) =>
        s.phases.flatMap((p) => p.actions.flatMap((a) => (a.reject === undefined ? [] : [a.reject]))),
      );
      expect(expected.filter((reason) => !known.has(reason))).toEqual([]);
    });
  }
});

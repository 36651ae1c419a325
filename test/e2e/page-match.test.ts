// Issue 15, the match page on a 390×844 phone in Italian, Russian and English: the open day's vote count
// at the top (the ruleset's own tally, its rule, what the close would do, who has not voted, the deadline, the changes
// folded), the dead reading the square without a box the server would refuse, the pack's mauler and
// backup explained, a substitute under one name with "replaced X" and the replaced person told so,
// the channel counters readable; the Kill Game zone that closes this turn drawn as the legend says
// (also where the player stands) and the shop's limits stated before a refusal.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startSeven } from '../integration/lupus-table.js';
import { eventually, pageStack, person, shot, waitPhase } from './browser.js';

const WORDS = {
  'it-IT': {
    rule: ['7 giocatori in vita', 'Un voto a testa'],
    short: 'parità: al ballottaggio',
    leads: 'al rogo con questi voti',
    notVoted: '3 non hanno ancora votato:',
    history: '5 cambi di voto',
    dead: 'I morti non possono scrivere',
    mauler: 'Il lupo che esce a sbranare',
    backup: 'Esce al suo posto',
    replaced: 'Sostituzione: Gina → Giorgia.',
    banner: 'Il GM ha dato il tuo posto a Giorgia',
  },
  'ru-RU': {
    rule: ['В живых: 7.', 'У каждого один голос'],
    short: 'равенство: перебаллотировка',
    leads: 'на костёр при этих голосах',
    notVoted: 'Ещё без голоса — 3:',
    history: '5 изменений голосов',
    dead: 'Мёртвые не пишут в этот канал',
    mauler: 'Волк, который выходит терзать',
    backup: 'Выходит вместо него',
    replaced: 'Замена: Gina → Giorgia.',
    banner: 'Ведущий передал ваше место замене — Giorgia',
  },
  'en-US': {
    rule: ['7 players alive', 'One vote each'],
    short: 'tied: to the run-off',
    leads: 'to the stake on these votes',
    notVoted: '3 have not voted yet:',
    history: '5 changes of vote',
    dead: 'The dead cannot write in this channel',
    mauler: 'The wolf who goes out to maul',
    backup: 'Goes out instead',
    replaced: 'Giorgia takes the seat (replaced Gina).',
    banner: 'The GM gave your seat to Giorgia',
  },
} as const;

/** WCAG contrast ratio of two `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/[\d.]+/g) ?? [])
      .slice(0, 3)
      .map((x) => Number(x) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The colour and background a channel tab's counter is drawn with. */
const counterColours = (page: Page) =>
  page.locator('[role=tab] small').evaluateAll((els) =>
    els.map((el) => {
      const tab = el.closest('[role=tab]')!;
      return { fg: getComputedStyle(el).color, bg: getComputedStyle(tab).backgroundColor, selected: tab.getAttribute('aria-selected') };
    }),
  );

describe('issue 15: the match page on a phone', { timeout: 300_000 }, () => {
  const env = pageStack('match');

  for (const locale of ['it-IT', 'ru-RU', 'en-US'] as const) {
    const w = WORDS[locale];
    it(`LUP-8.2, LUP-8.5, decision 8 (${locale}): the vote count at the top of the day is the server's, with the rule, what the close would do, who has not voted, the deadline and the folded changes; the dead read the square without a box; mauler and backup explained; a substitute under one name`, async () => {
      const m = await startSeven(env.api, {}, `match-page-${locale}`);
      const base = `/api/matches/${m.matchId}`;
      const vote = async (who: string, target: string) =>
        expect((await env.api.post(`${base}/me/actions`, { type: 'vote', target, phase: 'day-1' }, m.tokens[who])).status).toBe(201);
      expect((await env.api.post(`${base}/resolve`, { phase: 'night-1' }, m.gm)).status).toBe(200);
      await vote('anna', 'bruno');
      await vote('gina', 'elena');
      await vote('fabio', 'bruno');
      await vote('dario', 'elena');

      const carla = await person(env.session, `carla-${locale}`, { phone: true, locale });
      await carla.page.goto(`${env.url}/#/m/${m.matchId}/key/${m.tokens.carla}`);
      await waitPhase(carla.page, 'day-1');
      const board = carla.page.locator('[data-testid=vote-board]');
      await board.waitFor();
      // At the top of the phone's page, right under the headline card.
      expect((await board.boundingBox())!.y).toBeLessThan(844);
      const rule = await board.locator('[data-testid=vote-rule]').innerText();
      for (const part of w.rule) expect(rule).toContain(part);
      // A tie at the top: both go to the run-off if it closed now (LUP-8.5), as the ruleset's tally says.
      const standing = () =>
        board
          .locator('tr[data-target]')
          .evaluateAll((rows) =>
            rows.map((r) => [
              r.getAttribute('data-target'),
              r.getAttribute('data-outcome'),
              r.querySelector('[data-testid=vote-n]')?.textContent,
            ]),
          );
      await eventually(standing).toEqual([
        ['bruno', 'runoff', '2'],
        ['elena', 'runoff', '2'],
      ]);
      expect(await board.locator('tr[data-target=bruno] [data-testid=outcome]').innerText()).toBe(w.short);
      const notVoted = await board.locator('[data-testid=not-voted]').innerText();
      expect(notVoted).toContain(w.notVoted);
      for (const name of ['Bruno', 'Carla', 'Elena']) expect(notVoted).toContain(name);
      expect(await board.locator('[data-testid=vote-deadline]').count()).toBe(1);

      // Dario moves his vote: the sole leader goes to the stake on these votes, not certain while three
      // ballots are still to come; the numbers are the server's.
      await vote('dario', 'bruno');
      await eventually(standing).toEqual([
        ['bruno', 'stake', '3'],
        ['elena', 'safe', '1'],
      ]);
      expect(await board.locator('tr[data-target=bruno] [data-testid=outcome]').innerText()).toBe(w.leads);
      expect(await board.locator('tr[data-target=elena] [data-testid=outcome]').count()).toBe(0);
      const server = (await env.api.get(`${base}/votes`)).body;
      expect(server.lines.map((l: any) => [l.target, l.outcome, String(l.count)])).toEqual(await standing());
      // The changes are folded: closed until opened, one line per change, the last one Dario → Bruno.
      const history = board.locator('[data-testid=vote-history]');
      expect(await history.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
      expect(await history.locator('summary').innerText()).toBe(w.history);
      await history.locator('summary').click();
      expect(await history.locator('li').count()).toBe(5);
      expect(await history.locator('li').last().innerText()).toMatch(/Dario → Bruno$/);
      await shot(carla.page, `match-votes-${locale}`);

      // The channel tabs' counters are readable on the tab, selected or not, light and dark.
      for (const scheme of ['light', 'dark'] as const) {
        await carla.page.emulateMedia({ colorScheme: scheme });
        const colours = await counterColours(carla.page);
        expect(colours.length).toBeGreaterThan(0);
        for (const c of colours) expect(contrast(c.fg, c.bg), `${scheme} ${JSON.stringify(c)}`).toBeGreaterThanOrEqual(4.5);
      }
      await carla.page.emulateMedia({ colorScheme: 'light' });

      // Day 1 closes on Fabio; in night 2 Fabio, dead, reads the square but gets no box to write in.
      for (const who of ['anna', 'bruno', 'carla', 'elena', 'gina']) await vote(who, 'fabio');
      expect((await env.api.post(`${base}/resolve`, { phase: 'day-1' }, m.gm)).status).toBe(200);
      const fabio = await person(env.session, `fabio-${locale}`, { phone: true, locale });
      await fabio.page.goto(`${env.url}/#/m/${m.matchId}/key/${m.tokens.fabio}`);
      await waitPhase(fabio.page, 'night-2');
      await fabio.page.locator('[data-testid=dead]').waitFor();
      await fabio.page.locator('[role=tab][data-channel=public]').click();
      await eventually(() => fabio.page.locator('[data-testid=read-only]').innerText()).toContain(w.dead);
      expect(await fabio.page.locator('form.composer[data-channel=public]').count()).toBe(0);
      // The server agrees: his post in the square is refused.
      expect((await env.api.post(`${base}/channels/public/messages`, { text: 'hello', phase: 'night-2' }, m.tokens.fabio)).status).toBe(
        403,
      );
      await shot(fabio.page, `match-dead-square-${locale}`);

      // The pack's maul: each of "mauler" and "backup" has its line.
      const bruno = await person(env.session, `bruno-${locale}`, { phone: true, locale });
      await bruno.page.goto(`${env.url}/#/m/${m.matchId}/key/${m.tokens.bruno}`);
      const maul = bruno.page.locator('form.action[data-type=maul]');
      await maul.waitFor();
      expect(await maul.locator('[data-hint=mauler]').innerText()).toContain(w.mauler);
      expect(await maul.locator('[data-hint=backup]').innerText()).toContain(w.backup);
      await shot(bruno.page, `match-maul-hints-${locale}`);

      // Gina's seat goes to Giorgia: one name everywhere from now on, "replaced Gina" in the record.
      const gina = await person(env.session, `gina-${locale}`, { phone: true, locale });
      await gina.page.goto(`${env.url}/#/m/${m.matchId}/key/${m.tokens.gina}`);
      await waitPhase(gina.page, 'night-2');
      expect((await env.api.post(`${base}/players/gina/substitute`, { name: 'Giorgia' }, m.gm)).status).toBe(200);
      await eventually(() => carla.page.locator('[data-testid=record]').innerText(), 40_000).toContain(w.replaced);
      expect(await carla.page.locator('[data-testid=players] [data-player=gina]').innerText()).toContain('Giorgia');
      expect(await carla.page.locator('[data-testid=players]').innerText()).not.toContain('Gina');
      // Gina, on her old link, is told she was replaced and by whom, not silently made a spectator.
      await gina.page.reload();
      await eventually(() => gina.page.locator('[data-testid=seat-replaced]').innerText()).toContain(w.banner);
      expect(await gina.page.locator('[data-testid=card]').count()).toBe(0);
      await shot(gina.page, `match-seat-replaced-${locale}`);
      for (const v of [carla, fabio, bruno, gina]) await v.context.close();
    });
  }

  it('KG-9.3, KG-2.3, KG-13.5, KG-5.1 (en, it, ru): the zone closing this turn is drawn as the legend says, also where the player stands; the shop and the market state their limits', async () => {
    const created = await env.api.post('/api/matches', { ruleset: 'killgame', name: 'Isola' });
    const { matchId, gmToken } = created.body;
    const base = `/api/matches/${matchId}`;
    const seats: Array<{ name: string; locale: string; token: string }> = [];
    for (const [name, locale] of [
      ['Ada', 'en-US'],
      ['Bea', 'it-IT'],
      ['Cid', 'ru-RU'],
    ] as const) {
      const joined = await env.api.post(`${base}/players`, { name });
      expect(joined.status).toBe(201);
      seats.push({ name, locale, token: joined.body.token });
    }
    expect((await env.api.post(`${base}/start`, {}, gmToken)).status).toBe(200);
    const shopHint = {
      'en-US': 'At most one firearm and one knife',
      'it-IT': 'Al massimo un’arma da fuoco e un coltello',
      'ru-RU': 'Не больше одного огнестрельного оружия и одного ножа',
    };
    const limits = {
      'en-US': 'At most 3 purchases per turn',
      'it-IT': 'Al massimo 3 acquisti per turno',
      'ru-RU': 'Не больше 3 покупок за ход',
    };
    const viewers = [];
    for (const seat of seats) {
      const v = await person(env.session, `kg-${seat.name}`, { phone: true, locale: seat.locale });
      await v.page.goto(`${env.url}/#/m/${matchId}/key/${seat.token}`);
      await waitPhase(v.page, 'tactic-1');
      // The limits are there before any basket is refused (KG-2.3).
      expect(await v.page.locator('form.action[data-type=shop] [data-hint=items]').innerText()).toContain(
        shopHint[seat.locale as keyof typeof shopHint],
      );
      viewers.push(v);
    }
    await shot(viewers[0]!.page, 'match-kg-shop-limits-en');
    // Nobody picks a start: all stand in the initial zone, Ingresso, which closes at the end of turn 2.
    expect((await env.api.post(`${base}/resolve`, { phase: 'tactic-1' }, gmToken)).status).toBe(200);
    expect((await env.api.post(`${base}/resolve`, { phase: 'action-1' }, gmToken)).status).toBe(200);
    for (const [i, v] of viewers.entries()) {
      await waitPhase(v.page, 'tactic-2', 40_000);
      const zone = v.page.locator('svg.kg-map g.zone[data-zone=ingresso]');
      await eventually(() => zone.getAttribute('class')).toContain('closing');
      expect(await zone.getAttribute('class')).toContain('mine');
      // The ring is drawn in the legend's colour and dash, over the "you are here" dot.
      const ring = await zone
        .locator('[data-testid=closing-ring]')
        .evaluate((c) => ({ stroke: getComputedStyle(c).stroke, dash: getComputedStyle(c).strokeDasharray }));
      const legend = await v.page
        .locator('.legend .sw.closing')
        .evaluate((e) => ({ colour: getComputedStyle(e).borderTopColor, style: getComputedStyle(e).borderTopStyle }));
      expect(ring.stroke).toBe(legend.colour);
      expect(legend.style).toBe('dashed');
      expect(ring.dash).not.toBe('none');
      expect(await v.page.locator('svg.kg-map g.zone.closing').count()).toBe(1);
      // The market states its limits (KG-13.5, KG-5.1).
      expect(await v.page.locator('[data-testid=market-limits]').innerText()).toContain(limits[seats[i]!.locale as keyof typeof limits]);
      await shot(v.page, `match-kg-closing-zone-${seats[i]!.locale}`);
      await v.context.close();
    }
  });
});

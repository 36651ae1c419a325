// End to end, in real headless Chromium: a Mafia match with the join option (the specialty), each
// player's card, the bandits' channel, the item catalog, the randomizer, a day vote and a night search.
import { describe, expect, it } from 'vitest';
import { eventually, pageStack, person, shot, waitPhase, type Viewer } from './browser.js';

const SEATS = [
  { name: 'Ира', specialty: 'archaeologist' },
  { name: 'Лёва', specialty: 'blacksmith' },
  { name: 'Маша', specialty: 'guard' },
  { name: 'Нина', specialty: 'mage' },
];

describe('Mafia through the page', { timeout: 180_000 }, () => {
  const env = pageStack('mafia');
  let gm: Viewer;
  const players: Array<Viewer & { name: string; id: string; specialty: string; team: string }> = [];
  let matchId = '';
  let gmToken = '';

  it('creates the match; players join choosing their specialty', async () => {
    gm = await person(env.session, 'gm', { locale: 'ru-RU' });
    await gm.page.goto(`${env.url}/#/new/mafia`);
    await gm.page.fill('[data-testid=match-name]', 'Город e2e');
    await gm.page.fill('[data-path="quorum"] input', '2');
    await gm.page.click('[data-testid=create-submit]');
    await eventually(() => gm.page.locator('[data-path="quorum"] .field-error').innerText()).toContain('4');
    await gm.page.fill('[data-path="quorum"] input', '4');
    await gm.page.click('[data-testid=create-submit]');
    await gm.page.locator('[data-testid=join-link]').waitFor();
    matchId = decodeURIComponent(/#\/m\/([^/]+)/.exec(gm.page.url())![1]!);
    gmToken = JSON.parse((await gm.page.evaluate(() => localStorage.getItem('dusk.keys'))) ?? '{}')[matchId].gm;
    const joinLink = await gm.page.inputValue('[data-testid=join-link]');
    for (const seat of SEATS) {
      const v = await person(env.session, seat.name, { locale: 'ru-RU' });
      await v.page.goto(joinLink);
      await v.page.fill('[data-testid=join-name]', seat.name);
      // The join option comes from the ruleset's options schema; nothing is chosen for the player.
      const select = v.page.locator('[data-path="specialty"] select');
      expect(await select.inputValue()).toBe('');
      await select.selectOption(seat.specialty);
      if (seat === SEATS[0]) await shot(v.page, 'mafia-01-join-with-specialty');
      await v.page.click('[data-testid=join-submit]');
      await v.page.locator('#lobby').waitFor();
      const keys = JSON.parse((await v.page.evaluate(() => localStorage.getItem('dusk.keys'))) ?? '{}');
      players.push({ ...v, name: seat.name, id: keys[matchId].player.id, specialty: seat.specialty, team: '' });
    }
    // The specialty can still be changed in the lobby.
    const last = players[3]!;
    await eventually(() => last.page.locator('#lobby [data-path="specialty"] select').inputValue()).toBe('mage');
    await eventually(() => gm.page.locator('#gm tr[data-player]').count()).toBe(4);
    await gm.page.click('[data-testid=gm-start]');
    for (const p of players) await waitPhase(p.page, 'day-1');
    const truth = (await env.api.get(`/api/matches/${matchId}/gm`, gmToken)).body.view.state.players as Array<{ id: string; team: string }>;
    for (const p of players) p.team = truth.find((t) => t.id === p.id)!.team;
    expect(players.filter((p) => p.team === 'bandits')).toHaveLength(2);
  });

  it("shows each card with its specialty; only bandits see the bandits' channel", async () => {
    for (const p of players) {
      await eventually(() => p.page.innerText('[data-field=specialty]')).not.toBe('');
      const bandit = p.team === 'bandits';
      expect(await p.page.locator('button[data-channel=bandits]').count()).toBe(bandit ? 1 : 0);
      const known = await p.page.locator('[data-known]').evaluateAll((els) => els.map((e) => e.getAttribute('data-known')));
      expect(known).toEqual(bandit ? players.filter((o) => o.team === 'bandits' && o !== p).map((o) => o.id) : []);
    }
    // Names in the game's language (Russian) by default: the archaeologist reads "Археолог".
    expect(await players[0]!.page.innerText('[data-field=specialty]')).toBe('Археолог');
  });

  it('offers the randomizer with the chances the rules give, and the item catalog', async () => {
    const arch = players[0]!;
    const rz = arch.page.locator('#randomizer');
    await rz.locator('select[name=action]').selectOption('search-random');
    await rz.locator('select[name=rarity]').selectOption('legendary');
    await rz.locator('input[name=prepared]').check();
    // 20 (legendary) + 20 (preparation) + 10 (the archaeologist's find bonus, from his card).
    await eventually(() => rz.locator('[data-testid=odds-chance]').innerText()).toBe('50%');
    await rz.locator('select[name=action]').selectOption('steal');
    await rz.locator('input[name=theft-avoid]').fill('50');
    await rz.locator('input[name=bonus]').fill('0');
    // Legendary theft: 15 + 15 (prepared) = 30%, then the victim's 50% avoidance: 15%.
    await eventually(() => rz.locator('[data-testid=odds-chance]').innerText()).toBe('30%');
    await eventually(() => rz.locator('[data-testid=odds-final]').innerText()).toBe('15%');
    await rz.locator('button[type=submit]').click();
    expect(await rz.locator('.roll-out').innerText()).toMatch(/d100 = \d+/);
    await shot(arch.page, 'mafia-02-card-and-randomizer');
    await arch.page.click('details:has(.catalog) > summary');
    await arch.page.locator('.catalog .filters select').first().selectOption('legendary');
    await eventually(() => arch.page.locator('.catalog .catalog-list article[data-item]').count()).toBe(5);
    const phoenix = arch.page.locator('article[data-item=phoenix-feather]');
    expect(await phoenix.innerText()).toContain('Перо феникса');
    expect(await phoenix.innerText()).toContain('Phoenix Feather');
    await shot(arch.page, 'mafia-03-catalog');
  });

  it('plays a day vote and a night search', async () => {
    // A town player votes a bandit into jail (jailing a townsperson would hand the bandits the win).
    const a = players.find((p) => p.team === 'town')!;
    const b = players.find((p) => p.team === 'bandits')!;
    const form = a.page.locator('form.action[data-type=vote]');
    await form.locator('select').selectOption(b.id);
    await form.locator('button[type=submit]').click();
    for (const p of players) await eventually(() => p.page.locator('[data-testid=record] li[data-kind=vote-cast]').count()).toBe(1);
    await gm.page.click('[data-testid=gm-resolve]');
    // Issue 44: resolving now asks once, naming the phase.
    await gm.page.click('[data-testid=gm-resolve][data-armed]');
    for (const p of players) await waitPhase(p.page, 'night-1');
    await eventually(() => a.page.innerText('[data-testid=record]')).toContain(`${b.name} отправляется в тюрьму`);
    const searcher = a;
    await searcher.page.locator('form.action[data-type=search-random]').waitFor();
    await searcher.page.locator('form.action[data-type=search-random] select').selectOption('thing');
    await searcher.page.click('form.action[data-type=search-random] button[type=submit]');
    await searcher.page.locator('form.action.has-submitted[data-type=search-random]').waitFor();
    await shot(searcher.page, 'mafia-04-night-search');
    await gm.page.click('[data-testid=gm-resolve]');
    // Issue 44: resolving now asks once, naming the phase.
    await gm.page.click('[data-testid=gm-resolve][data-armed]');
    await waitPhase(searcher.page, 'day-2');
    // One private result of the search, in Russian.
    await eventually(() => searcher.page.locator('[data-testid=private] li[data-kind^=action-]').count()).toBe(1);
    expect(await searcher.page.innerText('[data-testid=private] li[data-kind^=action-]')).toContain('Ваше действие');
  });

  it('made no console error and no page error anywhere', () => {
    expect(env.session.errors).toEqual([]);
  });
});

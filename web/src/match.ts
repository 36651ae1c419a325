// The match page: for a player (card, actions, record, messages, channels), for the GM, for anyone watching.
import { api, ApiError, published, serverNow } from './api.js';
import { listenLive } from './live.js';
import { h, mount, nextId, type Child } from './dom.js';
import { copyPostButtons } from './forum-post.js';
import { fmtValue, formatDuration, formatTime, nameText, playerNode, renderEvent, type Ctx } from './format.js';
import { actionForm, type ActionInput } from './forms.js';
import { gmToolkit, type ToolkitMemory } from './gm-toolkit.js';
import { actionLabel, dict, fieldLabel, phaseLabel, t, term, refusalText } from './lang.js';
import { drawMap, hereBox, kgStats, mapFor, marketPanel, type KgBoard } from './killgame.js';
import { catalogBrowser, oddsSettings, randomizer } from './mafia.js';
import { rulesetInfo } from './rulesets.js';
import { schemaForm } from './schema-form.js';
import { forgetPlayer, keysFor, saveKeys, tokenKind } from './store.js';
import type { ActionsResponse, Ev, GmResponse, MeResponse, PlayerView, Summary } from './types.js';
import { copyField, panel, Slot, toast } from './ui.js';
import { headline } from './match/headline.js';
import { settingsEditor } from './match/settings.js';
import { tabTitle } from './match/title.js';
import { voteBoard, type ServerCount } from './match/votes.js';

const POLL_MS = 3000;
const FULL_EVERY = 3;

function fingerprint(s: Summary | null): string {
  if (!s) return '';
  return JSON.stringify([s.status, s.phase, s.deadline, s.remainingMs, s.winner, s.phases?.length, s.players?.map((p) => `${p.id}:${p.alive}`)]);
}

export function personalLink(matchId: string, token: string): string {
  return `${location.origin}${location.pathname}#/m/${encodeURIComponent(matchId)}/key/${encodeURIComponent(token)}`;
}

export function joinLink(matchId: string): string {
  return `${location.origin}${location.pathname}#/m/${encodeURIComponent(matchId)}`;
}

/** What the slots' keys hold of the names: a rename (a substitute) re-renders what shows it. */
const namesKey = (c: Ctx): string => [...c.players].join('\n');

function byPhase(events: Ev[]): Array<[string, Ev[]]> {
  const groups = new Map<string, Ev[]>();
  for (const e of events) {
    const p = e.phase ?? '';
    const list = groups.get(p);
    if (list) list.push(e);
    else groups.set(p, [e]);
  }
  return [...groups.entries()];
}


/** The tally as the server counted it, never recounted here; null when nobody has a ballot. */
function serverTally(count: ServerCount | null, phase: string): Map<string | null, string[]> | null {
  if (!count || count.phase !== phase || (count.lines.length === 0 && count.abstain.length === 0)) return null;
  const tally = new Map<string | null, string[]>(count.lines.map((l) => [l.target, l.voters]));
  if (count.abstain.length > 0) tally.set(null, count.abstain);
  return tally;
}

function tallyBox(ctx: Ctx, tally: Map<string | null, string[]>): HTMLElement {
  const rows = [...tally.entries()];
  return h(
    'table',
    { class: 'tally', 'data-testid': 'tally' },
    h('caption', null, t('tally-live')),
    h('tbody', null, rows.map(([target, voters]) => h('tr', null, h('th', null, target === null ? t('abstentions') : playerNode(ctx, target)), h('td', { class: 'num' }, String(voters.length)), h('td', null, fmtValue(ctx, voters))))),
  );
}

function eventList(ctx: Ctx, events: Ev[], opts: { audience?: boolean } = {}): HTMLElement {
  return h(
    'ol',
    { class: 'events' },
    events.map((e) =>
      h('li', { 'data-kind': e.kind }, opts.audience && e.to !== 'public' ? h('span', { class: 'to' }, '→ ', fmtValue(ctx, e.to), ' ') : null, renderEvent(ctx, e)),
    ),
  );
}

function phaseGroups(ctx: Ctx, events: Ev[], current: string | null, opts: { audience?: boolean; tally?: ServerCount | null; testid?: string; posts?: string } = {}): HTMLElement {
  const groups = byPhase(events).reverse();
  if (!groups.length) return h('p', { class: 'empty' }, t('nothing-yet'));
  return h(
    'div',
    { class: 'phases', 'data-testid': opts.testid },
    groups.map(([phase, list], i) => {
      const tally = opts.tally !== undefined && phase === current ? serverTally(opts.tally, phase) : null;
      return h(
        'details',
        { open: i < 2, 'data-phase': phase, 'data-keep': `${opts.testid ?? 'events'}-${phase}` },
        h('summary', null, phaseLabel(phase) || t('start'), h('small', null, ` (${list.length})`)),
        tally ? tallyBox(ctx, tally) : null,
        // The forum post of a closed phase, and of the open day's count (`posts`: the match id).
        opts.posts && tally ? copyPostButtons(opts.posts, null) : null,
        opts.posts && phase && phase !== current ? copyPostButtons(opts.posts, phase) : null,
        eventList(ctx, list, opts),
      );
    }),
  );
}

/** What a player's card shows: everything in `view.me`, the known parts specially. */
function card(ctx: Ctx, me: NonNullable<PlayerView['me']>, ruleset: string, extras: { link?: HTMLElement | null }): HTMLElement {
  const known = new Set(['id', 'name', 'alive', 'role', 'faction', 'team', 'zone', 'stats', 'inventory', 'statuses', 'channels']);
  const rows: Child[] = [];
  const row = (label: string, value: Child, attrs: Record<string, string> = {}) => rows.push(h('dt', null, label), h('dd', attrs, value));
  if (me.role) row(t('role'), fmtValue(ctx, me.role), { 'data-testid': 'role', 'data-role': me.role });
  if (me.team) row(t('team'), fmtValue(ctx, me.team), { 'data-testid': 'team' });
  else if (me.faction) row(t('faction'), fmtValue(ctx, me.faction), { 'data-testid': 'faction' });
  if (me.zone !== undefined) row(t('kg-zone'), me.zone ? fmtValue(ctx, me.zone) : t('kg-not-placed'), { 'data-testid': 'zone', 'data-zone': me.zone ?? '' });
  for (const [k, v] of Object.entries(me)) {
    if (known.has(k) || v === undefined || v === null) continue;
    row(fieldLabel(k), Array.isArray(v) && v.length === 0 ? '—' : fmtValue(ctx, v), { 'data-field': k });
  }
  let statsBox: Child = null;
  if (me.stats && typeof me.stats === 'object') {
    statsBox =
      ruleset === 'killgame'
        ? kgStats(me.stats)
        : h('dl', { class: 'stats' }, Object.entries(me.stats).map(([k, v]) => [h('dt', null, fmtValue(ctx, k)), h('dd', { 'data-stat': k }, String(v))]));
  }
  let inventory: Child = null;
  if (me.inventory !== undefined && me.inventory !== null) {
    const inv = me.inventory;
    const items: Child[] = Array.isArray(inv)
      ? inv.map((it: any) => {
          if (typeof it === 'string') return h('li', { 'data-item': it }, fmtValue(ctx, it));
          const id = String(it?.item ?? it?.id ?? '?');
          const extra: Child[] = [];
          if (it?.rarity) extra.push(fmtValue(ctx, it.rarity));
          if (typeof it?.charges === 'number') extra.push(t('charges-left', { n: it.charges }));
          if (it?.starting) extra.push(t('starting-item'));
          if (it?.active === false) extra.push(t('inactive-copy'));
          if (it?.enchant) extra.push([t('enchanted'), ' ', fmtValue(ctx, it.enchant.bonus), ` +${it.enchant.value}`]);
          if (typeof it?.points === 'number') extra.push(t('points', { n: it.points }));
          return h('li', { 'data-item': id, class: it?.active === false ? 'inactive' : undefined }, fmtValue(ctx, id), extra.length ? h('small', null, ' (', extra.map((e, i) => [i ? ', ' : '', e]), ')') : null);
        })
      : Object.entries(inv as Record<string, unknown>)
          .filter(([, v]) => v !== 0)
          .map(([item, v]) => h('li', { 'data-item': item }, fmtValue(ctx, item), typeof v === 'number' ? h('span', { class: 'qty' }, ` ×${v}`) : null));
    inventory = h('div', { class: 'inventory' }, h('h4', null, t('inventory')), items.length ? h('ul', { 'data-testid': 'inventory' }, items) : h('p', { class: 'empty' }, t('empty-inventory')));
  }
  // Statuses: only what is on (a flag, a list with entries, an object with some flag on).
  let statuses: Child = null;
  if (me.statuses && typeof me.statuses === 'object') {
    const on: Child[] = [];
    const label = (k: string) => (dict().fields[k] ? fieldLabel(k) : (term(k) ?? fieldLabel(k)));
    const entries: Array<[string, unknown]> = Array.isArray(me.statuses) ? (me.statuses as unknown[]).map((x) => [String(x), true]) : Object.entries(me.statuses as Record<string, unknown>);
    for (const [k, v] of entries) {
      if (v === true) on.push(h('li', { class: 'badge warn', 'data-status': k }, label(k)));
      else if (typeof v === 'number' && v !== 0) on.push(h('li', { class: 'badge warn', 'data-status': k }, label(k), `: ${v}`));
      else if (typeof v === 'string' && v) on.push(h('li', { class: 'badge warn', 'data-status': k }, label(k), ': ', fmtValue(ctx, v)));
      else if (Array.isArray(v) && v.length) on.push(h('li', { class: 'badge warn', 'data-status': k }, label(k), ': ', fmtValue(ctx, v)));
      else if (v && typeof v === 'object' && !Array.isArray(v)) {
        const flags = Object.entries(v as Record<string, unknown>).filter(([, x]) => x === true || (typeof x === 'number' && x !== 0)).map(([x]) => x);
        if (flags.length) on.push(h('li', { class: 'badge warn', 'data-status': k }, label(k), ': ', flags.map((f, i) => [i ? ', ' : '', term(f) ?? fieldLabel(f)])));
      }
    }
    statuses = on.length ? h('ul', { class: 'statuses' }, on) : null;
  }
  return h(
    'div',
    { class: `card${me.alive ? '' : ' dead'}`, 'data-testid': 'card' },
    h('p', { class: 'who' }, h('b', null, ctx.players.get(me.id) ?? me.name), ' ', me.alive ? h('span', { class: 'badge ok' }, t('alive')) : h('span', { class: 'badge bad', 'data-testid': 'dead' }, t('dead'))),
    rows.length ? h('dl', { class: 'facts' }, rows) : null,
    statsBox,
    statuses,
    inventory,
    extras.link ?? null,
  );
}

function playersList(ctx: Ctx, players: Array<{ id: string; name: string; alive?: boolean; role?: string }>, known: Record<string, Record<string, unknown>> = {}, me?: string, notDealt: string[] = [], ruleset = ''): HTMLElement {
  return h(
    'ul',
    { class: 'players', 'data-testid': 'players' },
    players.map((p) => {
      const k = known[p.id];
      return h(
        'li',
        { class: p.alive === false ? 'dead' : '', 'data-player': p.id },
        h('span', { class: 'life', 'aria-label': p.alive === false ? t('dead') : t('alive') }, p.alive === false ? '✝' : '●'),
        ' ',
        h('span', { class: p.id === me ? 'pl me' : 'pl' }, ctx.players.get(p.id) ?? p.name),
        p.id === me ? h('small', null, ` (${t('you')})`) : null,
        p.role ? h('small', { class: 'known' }, ' — ', fmtValue(ctx, p.role)) : null,
        notDealt.includes(p.id) ? h('small', { class: 'badge warn', 'data-testid': 'not-dealt', 'data-not-dealt': p.id }, ' ', t(`not-dealt-${ruleset}`)) : null,
        k ? h('small', { class: 'known', 'data-known': p.id }, ' — ', Object.entries(k).map(([f, v], i) => [i ? ', ' : '', fieldLabel(f), ': ', fmtValue(ctx, v)])) : null,
      );
    }),
  );
}

export function matchPage(root: HTMLElement, matchId: string): () => void {
  let summary: Summary | null = null;
  let me: MeResponse | null = null;
  let actions: ActionsResponse | null = null;
  let gm: GmResponse | null = null;
  let publicEvents: Ev[] = [];
  let votes: ServerCount | null = null;
  const publicPhases = new Map<string, Ev[]>();
  let stopped = false;
  let timer: number | undefined;
  let ticks = 0;
  let lastPrint = '';
  let loading: Promise<void> | null = null;
  let again: Promise<void> | null = null;
  let channel = 'public';
  let mapAction = '';
  const composers = new Map<string, HTMLElement>();
  const chanTabs = new Slot(h('div'));
  const chanList = new Slot(h('div'));
  const chanComposer = new Slot(h('div'));
  let monsterSpecies = new Map<string, string>();

  const keys = () => keysFor(matchId);

  const head = h('header', { class: 'match-head' });
  const countdown = h('span', { class: 'countdown', 'data-testid': 'countdown' });
  const slots = {
    head: new Slot(h('div')),
    headline: new Slot(h('div')),
    votes: new Slot(h('div')),
    gm: new Slot(h('div')),
    lobby: new Slot(h('div')),
    map: new Slot(h('div')),
    card: new Slot(h('div')),
    actions: new Slot(h('div')),
    submitted: new Slot(h('div')),
    tools: new Slot(h('div')),
    players: new Slot(h('div')),
    channels: new Slot(h('div')),
    privates: new Slot(h('div')),
    record: new Slot(h('div')),
  };
  head.appendChild(slots.head.el);
  const main = h('div', { class: 'col main' }, slots.map.el, slots.card.el, slots.actions.el, slots.submitted.el, slots.tools.el);
  const side = h('div', { class: 'col side' }, slots.players.el, slots.channels.el, slots.privates.el, slots.record.el);
  const cols = h('div', { class: 'cols' }, main, side);
  mount(root, h('div', { class: 'match-page', 'data-match': matchId }, head, slots.headline.el, slots.votes.el, slots.gm.el, slots.lobby.el, cols));

  const ctx = (): Ctx => {
    const players = new Map<string, string>();
    // The seat's name now (a substitute's from the substitution on) is the summary's; the ruleset's
    // view keeps the name the seat was dealt under.
    for (const p of me?.view?.players ?? []) players.set(p.id, p.name);
    for (const p of summary?.players ?? []) players.set(p.id, p.name);
    const zones = new Map<string, string>();
    const board = (me?.view?.board ?? summary?.board ?? null) as KgBoard | null;
    if (summary?.ruleset === 'killgame') for (const z of mapFor(board, summary.settings)?.zones ?? []) zones.set(z.id, z.name);
    const monsters = new Map(monsterSpecies);
    for (const m of board?.monsters ?? []) monsters.set(m.id, m.species);
    return { ruleset: summary?.ruleset ?? '', players, me: me?.playerId, zones, monsters };
  };

  const fail = (error: unknown) => toast(refusalText(error), 'error');

  async function loadPublicEvents(s: Summary): Promise<void> {
    const phases = s.phases ?? [];
    await Promise.all(
      phases.map(async (p) => {
        // A closed phase's file never changes; the open one may.
        if (publicPhases.has(p) && p !== s.phase && s.status !== 'ended') return;
        const file = await published<{ events: Ev[] }>(`/matches/${encodeURIComponent(s.id)}/phases/${encodeURIComponent(p)}.json`);
        if (file?.events) publicPhases.set(p, file.events.map((e) => ({ ...e, phase: p })));
      }),
    );
    publicEvents = phases.flatMap((p) => publicPhases.get(p) ?? []);
  }

  async function load(): Promise<void> {
    const k = keys();
    try {
      summary = await api<Summary>('GET', `/matches/${encodeURIComponent(matchId)}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        mount(root, h('div', { class: 'panel' }, h('h1', null, t('match-not-found')), h('p', null, h('a', { href: '#/' }, t('back-home')))));
        stopped = true;
        return;
      }
      throw error;
    }
    saveKeys(matchId, { name: summary.name, ruleset: summary.ruleset });
    const jobs: Promise<unknown>[] = [];
    if (k.player) {
      const token = k.player.token;
      const lobby = summary.status === 'lobby';
      jobs.push(
        Promise.all([
          api<MeResponse>('GET', `/matches/${encodeURIComponent(matchId)}/me`, undefined, token),
          lobby ? Promise.resolve<ActionsResponse>({ phase: null, actions: [] }) : api<ActionsResponse>('GET', `/matches/${encodeURIComponent(matchId)}/me/actions`, undefined, token),
        ]).then(
          ([m, a]) => {
            me = m;
            actions = a;
          },
          (error) => {
            if (error instanceof ApiError && (error.status === 401 || error.status === 404)) {
              forgetPlayer(matchId);
              me = null;
              actions = null;
              // A substitute took the seat: he is told so where he looks, not only in a passing toast.
              if (error.code === 'seat-replaced') saveKeys(matchId, { replacedBy: String(error.params?.name ?? '') });
              else toast(t('token-invalid'), 'error');
            } else throw error;
          },
        ),
      );
    } else {
      me = null;
      actions = null;
    }
    if (k.gm) {
      jobs.push(
        api<GmResponse>('GET', `/matches/${encodeURIComponent(matchId)}/gm`, undefined, k.gm).then(
          (g) => {
            gm = g;
          },
          (error) => {
            if (error instanceof ApiError && error.status === 401) {
              saveKeys(matchId, { gm: undefined });
              gm = null;
            } else throw error;
          },
        ),
      );
    } else gm = null;
    if (!k.player && !k.gm) jobs.push(loadPublicEvents(summary));
    if (summary.status !== 'lobby' && summary.phase) {
      jobs.push(
        api<ServerCount | null>('GET', `/matches/${encodeURIComponent(matchId)}/votes`).then(
          (v) => {
            votes = v;
          },
          (error) => {
            if (error instanceof ApiError && error.status === 404) votes = null;
            else throw error;
          },
        ),
      );
    } else votes = null;
    await Promise.all(jobs);
    for (const e of [...(me?.events ?? []), ...(gm?.events ?? []), ...publicEvents]) {
      if (e.kind === 'monster-spawned' && typeof e.monster === 'string' && typeof e.species === 'string') monsterSpecies.set(e.monster, e.species);
    }
    lastPrint = fingerprint(summary);
  }

  /** Loads and renders; a call made while a load runs is served by one more load right after it. */
  async function refresh(): Promise<void> {
    if (loading) {
      again ??= loading.then(() => {
        again = null;
        return refresh();
      });
      return again;
    }
    loading = (async () => {
      try {
        await load();
        if (!stopped) render();
      } catch (error) {
        fail(error);
      } finally {
        loading = null;
      }
    })();
    return loading;
  }

  async function poll(): Promise<void> {
    if (stopped) return;
    // A tab in the background still notices a new phase (the cheap published file), so its title can say so.
    ticks++;
    const file = await published<Summary>(`/matches/${encodeURIComponent(matchId)}/index.json`);
    const print = file ? fingerprint(file) : '';
    if ((file && print !== lastPrint) || (!document.hidden && (ticks % FULL_EVERY === 0 || !file))) await refresh();
    if (!stopped) timer = window.setTimeout(poll, POLL_MS);
  }

  const onVisible = () => {
    if (!document.hidden && !stopped) void refresh();
  };
  document.addEventListener('visibilitychange', onVisible);

  const clock = window.setInterval(() => updateCountdown(), 1000);
  const title = tabTitle();

  function updateCountdown(): void {
    const s = summary;
    if (!s) return;
    let text = '';
    if (s.status === 'running' && s.deadline) {
      const left = s.deadline - serverNow();
      text = left > 0 ? t('closes-in', { left: formatDuration(left), at: formatTime(s.deadline) }) : t('closing-now');
    } else if (s.status === 'paused') text = t('paused-left', { left: formatDuration(s.remainingMs ?? 0) });
    else if (s.status === 'lobby') text = t('lobby-waiting', { n: s.players.length });
    else if (s.status === 'ended') text = t('match-over');
    if (countdown.textContent !== text) countdown.textContent = text;
  }

  // ---- actions of the player -------------------------------------------------------------------
  const playerToken = () => keys().player?.token ?? '';
  const base = `/matches/${encodeURIComponent(matchId)}`;
  /** The phase guard (decision 6): what the player saw open, so a request never lands in the phase after it. */
  const guard = (): { phase?: string } => (summary?.phase ? { phase: summary.phase } : {});

  async function submitAction(payload: ActionInput): Promise<void> {
    await api('POST', `${base}/me/actions`, { ...payload, ...guard() }, playerToken());
    toast(t('sent-action', { action: actionLabel(payload.type) }));
    await refresh();
  }
  async function withdrawSlot(slot: string): Promise<void> {
    await api('DELETE', `${base}/me/actions/${encodeURIComponent(slot)}${summary?.phase ? `?phase=${encodeURIComponent(summary.phase)}` : ''}`, undefined, playerToken());
    toast(t('withdrawn'));
    await refresh();
  }

  // ---- rendering --------------------------------------------------------------------------------
  function render(): void {
    const s = summary;
    if (!s) return;
    const c = ctx();
    const view = me?.view ?? null;
    const board = (view?.board ?? s.board ?? null) as KgBoard | null;

    slots.head.set([s.name, s.ruleset, s.status, s.phase, s.winner, namesKey(c), me?.name], () =>
      h(
        'div',
        { class: 'head-row' },
        h('h1', null, s.name),
        h('span', { class: 'badge' }, t(`ruleset-${s.ruleset}`)),
        h('span', { class: `badge status-${s.status}`, 'data-testid': 'status' }, term(s.status) ?? s.status),
        s.sandbox ? h('span', { class: 'badge' }, t('sandbox')) : null,
        h('span', { class: 'phase', 'data-testid': 'phase', 'data-phase': s.phase ?? '' }, phaseLabel(s.phase)),
        countdown,
        s.winner ? h('span', { class: 'winner', 'data-testid': 'winner' }, t('winner'), ': ', fmtValue(c, s.winner)) : null,
        me ? h('span', { class: 'you-are' }, t('playing-as'), ' ', h('b', null, me.name)) : null,
      ),
    );
    updateCountdown();

    const readable = me ? me.events : gm ? gm.events : publicEvents;
    const headlineEvents = me ? me.events : readable.filter((e) => e.to === 'public');
    const mine = me && view?.me ? { id: me.playerId, alive: view.me.alive, checked: me.checked, submitted: me.submitted.length } : null;
    slots.headline.set([s.status, s.phase, s.phases, s.deadline, s.winner, headlineEvents.filter((e) => e.kind !== 'message' && e.kind !== 'vote-cast').length, mine, actions?.actions.map((a) => a.type), namesKey(c)], () =>
      headline(c, { summary: s, events: headlineEvents, me: mine, actions: actions?.actions ?? [] }),
    );
    // The open day's count, as the server counted it, at the top (issue 15).
    slots.votes.set([votes, namesKey(c), Math.floor(serverNow() / 60_000)], () => voteBoard(c, s.status === 'ended' ? null : votes, s.ruleset));
    title.update(s.name, phaseLabel(s.phase), readable.length, s.phase ?? s.status);

    renderGm(c);
    renderLobby(c);
    // Without a seat (GM, spectator), the record takes the whole width.
    cols.classList.toggle('single', !me && !(s.ruleset === 'killgame' && s.status !== 'lobby') && s.ruleset !== 'mafia');

    // Kill Game map.
    if (s.ruleset === 'killgame' && s.status !== 'lobby') {
      const map = mapFor(board, s.settings);
      const zoneActions = (actions?.actions ?? []).filter((a) => Object.values(a.fields).some((f) => f.kind === 'zone'));
      if (!zoneActions.some((a) => a.type === mapAction)) mapAction = zoneActions.find((a) => a.type === 'move' || a.type === 'start')?.type ?? zoneActions[0]?.type ?? '';
      const chosen = zoneActions.find((a) => a.type === mapAction);
      const zoneField = chosen ? Object.entries(chosen.fields).find(([, f]) => f.kind === 'zone') : undefined;
      const targets = zoneField && zoneField[1].kind === 'zone' ? zoneField[1].options : [];
      const chosenZone = zoneField && typeof chosen?.submitted?.[zoneField[0]] === 'string' ? (chosen.submitted[zoneField[0]] as string) : undefined;
      slots.map.set([board, view?.me?.zone, mapAction, targets, chosenZone, zoneActions.map((a) => a.type), s.settings['first-closing-turn']], () => {
        if (!map) return null;
        const chooser = zoneActions.length
          ? h(
              'div',
              { class: 'field inline' },
              h('label', { for: 'map-action' }, t('map-click-to')),
              h(
                'select',
                {
                  id: 'map-action',
                  onchange: (e: Event) => {
                    mapAction = (e.target as HTMLSelectElement).value;
                    render();
                  },
                },
                zoneActions.map((a) => h('option', { value: a.type, selected: a.type === mapAction }, actionLabel(a.type))),
              ),
            )
          : null;
        const pick = (zone: string) => {
          const form = slots.actions.el.querySelector<HTMLFormElement>(`form.action[data-type="${mapAction}"]`);
          const sel = form?.querySelector<HTMLSelectElement>('select[data-zone-field]');
          if (!form || !sel) return;
          sel.value = zone;
          sel.dispatchEvent(new Event('change', { bubbles: true }));
          form.classList.add('picked');
          form.querySelector<HTMLButtonElement>('button[type=submit]')?.focus();
          toast(t('map-picked', { zone: c.zones.get(zone) ?? zone, action: actionLabel(mapAction) }));
        };
        return panel(t('map'), [
          chooser,
          drawMap({ ctx: c, map, board, settings: s.settings, myZone: view?.me?.zone ?? null, targets, chosen: chosenZone, targetLabel: actionLabel(mapAction), onPick: pick }),
          hereBox(c, board?.here),
          board?.doubleDamage ? h('p', { class: 'badge bad' }, t('kg-double-damage')) : null,
        ], { class: 'map-panel' });
      });
    } else slots.map.set(null, () => null);

    // The player's card.
    if (view?.me && me) {
      const token = keys().player?.token;
      slots.card.set([view.me, view.known, namesKey(c), c.zones.size], () =>
        panel(t('your-card'), [
          card(c, view.me!, s.ruleset, {
            link: token ? h('details', { class: 'link', 'data-keep': 'link' }, h('summary', null, t('personal-link')), copyField(t('personal-link-hint'), personalLink(matchId, token), { secret: true, testid: 'personal-link' })) : null,
          }),
        ], { id: 'card' }),
      );
    } else slots.card.set(null, () => null);

    // What the player may do now.
    if (me && s.status !== 'lobby') {
      const acts = actions?.actions ?? [];
      const checkMode = s.settings['check-mode'] === true;
      slots.actions.set([acts, me.checked, s.status, s.phase, checkMode, view?.me?.alive, namesKey(c)], () => {
        const body: Child[] = [];
        if (s.status === 'paused') body.push(h('p', { class: 'banner' }, t('paused-banner')));
        if (s.status === 'ended') body.push(h('p', { class: 'banner' }, t('ended-banner')));
        else if (view?.me && !view.me.alive) body.push(h('p', { class: 'banner' }, t('dead-banner')));
        if (s.status === 'running' && acts.length === 0 && view?.me?.alive) body.push(h('p', { class: 'empty' }, t('no-actions')));
        const forms = acts.map((a) => actionForm({ ctx: c, action: a, disabled: me!.checked || s.status !== 'running', submit: submitAction, withdraw: withdrawSlot }).el);
        body.push(h('div', { class: 'forms' }, forms));
        if (checkMode && s.status === 'running' && view?.me?.alive) {
          body.push(
            h(
              'div',
              { class: 'check-box' },
              me!.checked
                ? h('p', { class: 'badge ok', 'data-testid': 'checked' }, t('checked'))
                : h(
                    'button',
                    {
                      type: 'button',
                      class: 'primary',
                      'data-testid': 'check',
                      onclick: async () => {
                        try {
                          await api('POST', `${base}/me/check`, guard(), playerToken());
                          toast(t('checked'));
                          await refresh();
                        } catch (error) {
                          fail(error);
                        }
                      },
                    },
                    t('check-button'),
                  ),
              h('small', null, ' ', t('check-hint')),
            ),
          );
        }
        return panel(t('your-actions', { phase: phaseLabel(s.phase) }), body, { id: 'actions' });
      });
      slots.submitted.set([me.submitted, s.status, me.checked], () =>
        me!.submitted.length
          ? panel(
              t('submitted-title'),
              h(
                'ul',
                { class: 'submitted', 'data-testid': 'submitted' },
                me!.submitted.map((sub) =>
                  h(
                    'li',
                    { 'data-slot': sub.slot, 'data-type': sub.type },
                    h('b', null, actionLabel(sub.type)),
                    ' ',
                    Object.entries(sub)
                      .filter(([k]) => k !== 'slot' && k !== 'type')
                      .map(([k, v]) => [' · ', fieldLabel(k), ': ', fmtValue(c, v)]),
                    ' ',
                    s.status === 'running' && !me!.checked
                      ? h(
                          'button',
                          {
                            type: 'button',
                            class: 'ghost small',
                            onclick: () => withdrawSlot(sub.slot).catch(fail),
                          },
                          t('withdraw'),
                        )
                      : null,
                  ),
                ),
              ),
            )
          : null,
      );
    } else {
      slots.actions.set(null, () => null);
      slots.submitted.set(null, () => null);
    }

    // Ruleset tools: the Kill Game market, the Mafia catalog and randomizer.
    slots.tools.set([s.ruleset, board?.market, s.status, view?.me?.stats], () => {
      const out: Child[] = [];
      if (s.ruleset === 'killgame' && board?.market) out.push(panel(t('kg-market'), marketPanel(c, board.market, s.settings['market-trades'])));
      if (s.ruleset === 'mafia') {
        const stats = (view?.me?.stats ?? {}) as Record<string, number>;
        out.push(
          panel(t('mafia-randomizer'), randomizer(c, oddsSettings(s.settings), { findBonus: stats['find-bonus'], theftBonus: stats['theft-bonus'], luck: stats.luck, curse: stats.curse }), { id: 'randomizer' }),
          h('details', { class: 'panel', 'data-keep': 'catalog' }, h('summary', null, h('h3', { class: 'inline' }, t('mafia-catalog'))), catalogBrowser(c)),
        );
      }
      return out;
    });

    // Players.
    const playerList = view?.players ?? s.players;
    const notDealt = s.status === 'lobby' ? (s.notDealt ?? []) : [];
    slots.players.set([playerList, view?.known, me?.playerId, notDealt, [...c.players]], () =>
      panel(t('players'), [
        notDealt.length ? h('p', { class: 'banner warn', 'data-testid': 'dealt-count' }, t('dealt-count', { dealt: playerList.length - notDealt.length, joined: playerList.length })) : null,
        playersList(c, playerList, (view?.known ?? {}) as Record<string, Record<string, unknown>>, me?.playerId, notDealt, s.ruleset),
      ]),
    );

    renderChannels(c);

    // Private messages.
    if (me) {
      const privates = me.events.filter((e) => e.to === me!.playerId);
      slots.privates.set([privates, namesKey(c)], () => panel(t('private-messages'), phaseGroups(c, privates, s.phase, { testid: 'private' }), { id: 'private' }));
    } else slots.privates.set(null, () => null);

    // The public record, phase by phase.
    const record = (me ? me.events : gm ? gm.events : publicEvents).filter((e) => e.to === 'public' && e.kind !== 'message');
    slots.record.set([record, s.phase, namesKey(c), votes], () => panel(t('public-record'), phaseGroups(c, record, s.phase, { tally: votes, testid: 'record', posts: matchId }), { id: 'record' }));
  }

  function renderChannels(c: Ctx): void {
    if (!me || !summary || summary.status === 'lobby') {
      if (!me && summary && summary.status !== 'lobby') {
        const messages = (gm ? gm.events : publicEvents).filter((e) => e.kind === 'message' && (gm ? true : e.to === 'public'));
        slots.channels.set([messages], () => (messages.length ? panel(t('channels'), eventList(c, messages, { audience: Boolean(gm) })) : null));
      } else slots.channels.set(null, () => null);
      return;
    }
    const own = me.playerId;
    const listed = me.view?.me?.channels;
    // The channels the ruleset says he belongs to now; others he read before stay, read-only.
    const open = new Set<string>(['public', ...(Array.isArray(listed) ? listed : [])]);
    const ids = new Set<string>(open);
    for (const e of me.events) if (e.to !== 'public' && e.to !== own) ids.add(e.to);
    if (!Array.isArray(listed)) for (const id of ids) open.add(id);
    const channels = [...ids];
    if (!channels.includes(channel)) channel = 'public';
    const of = (ch: string) => me!.events.filter((e) => e.to === ch && (ch !== 'public' || e.kind === 'message'));
    const counts = channels.map((ch) => of(ch).length);
    const current = of(channel);
    // The server says where he may write now (a dead player reads the square but may not post in it).
    const writable = me.writable ? me.writable.includes(channel) : open.has(channel);
    const readOnly = !open.has(channel) ? 'channel-closed' : me.view?.me?.alive === false ? 'channel-dead' : 'channel-read-only';
    // One panel whose parts update apart: a message arriving never takes the focus from the one being typed.
    slots.channels.set(['player'], () => panel(t('channels'), [chanTabs.el, h('div', { role: 'tabpanel' }, chanList.el, chanComposer.el)], { id: 'channels' }));
    chanTabs.set([channels, counts, channel, [...open], namesKey(c)], () =>
      h(
        'div',
        { class: 'tabs', role: 'tablist' },
        channels.map((ch, i) =>
          h(
            'button',
            {
              type: 'button',
              role: 'tab',
              'aria-selected': ch === channel ? 'true' : 'false',
              'data-channel': ch,
              'data-archived': open.has(ch) ? undefined : 'true',
              title: open.has(ch) ? undefined : t('channel-closed'),
              onclick: () => {
                channel = ch;
                render();
              },
            },
            nameText(c, ch),
            open.has(ch) ? null : ' 🔒',
            h('small', null, ` ${counts[i]}`),
          ),
        ),
      ),
    );
    chanList.set([channel, current, namesKey(c)], () =>
      current.length
        ? h(
            'ol',
            { class: 'messages', 'data-testid': `channel-${channel}` },
            current.map((e) =>
              e.kind === 'message'
                ? h('li', { class: 'msg', 'data-from': String(e.from ?? '') }, h('span', { class: 'from' }, typeof e.from === 'string' ? fmtValue(c, e.from) : '?'), ' ', h('span', { class: 'text' }, String(e.text ?? '')), h('small', { class: 'ph' }, ` ${phaseLabel(e.phase)}`))
                : h('li', { class: 'sys' }, renderEvent(c, e)),
            ),
          )
        : h('p', { class: 'empty', 'data-testid': `channel-${channel}` }, t('no-messages')),
    );
    chanComposer.set([channel, writable, readOnly], () => (writable ? composerFor(channel) : h('p', { class: 'empty', 'data-testid': 'read-only' }, t(readOnly))));
  }

  /** The message box of a channel, kept while the page lives so a half-written message survives. */
  function composerFor(ch: string): HTMLElement {
    const known = composers.get(ch);
    if (known) return known;
    const id = nextId('msg');
    const area = h('textarea', { id, rows: 2, maxlength: 2000, placeholder: t('write-message') });
    const send = h('button', { type: 'submit', class: 'primary' }, t('post'));
    const form = h(
      'form',
      {
        class: 'composer',
        'data-channel': ch,
        onsubmit: async (e: Event) => {
          e.preventDefault();
          if (!area.value.trim()) return;
          send.disabled = true;
          try {
            await api('POST', `${base}/channels/${encodeURIComponent(ch)}/messages`, { text: area.value, ...guard() }, playerToken());
            area.value = '';
            await refresh();
          } catch (error) {
            fail(error);
          } finally {
            send.disabled = false;
          }
        },
      },
      h('label', { for: id, class: 'sr-only' }, t('write-message')),
      area,
      send,
    );
    composers.set(ch, form);
    return form;
  }

  function renderLobby(c: Ctx): void {
    const s = summary!;
    const k = keys();
    if (s.status !== 'lobby') {
      if (k.replacedBy !== undefined && !k.player) {
        const name = k.replacedBy;
        slots.lobby.set(['replaced', name], () => h('div', { class: 'banner warn', role: 'alert', 'data-testid': 'seat-replaced' }, h('p', null, t('seat-replaced-banner', { name })), h('p', null, t('watching'))));
      } else if (!k.player && !k.gm) slots.lobby.set(['watch', s.status], () => h('p', { class: 'banner' }, t('watching')));
      else slots.lobby.set(null, () => null);
      return;
    }
    if (me) {
      slots.lobby.set(['joined', me.name, me.options, s.players], () => {
        const box: Child[] = [h('p', null, t('joined-as', { name: me!.name })), h('p', null, t('wait-start'))];
        if (s.notDealt?.includes(me!.playerId)) box.unshift(h('p', { class: 'banner warn', 'data-testid': 'not-dealt-me' }, t(`not-dealt-me-${s.ruleset}`)));
        box.push(copyField(t('personal-link-hint'), personalLink(matchId, keys().player!.token), { secret: true, testid: 'personal-link' }));
        const optionsBox = h('div');
        box.push(optionsBox);
        void rulesetInfo(s.ruleset).then((info) => {
          if (!info || !Object.keys(info.options?.properties ?? {}).length) return;
          const form = schemaForm(c, info.options, {}, { values: me?.options ?? {} });
          const status = h('p', { class: 'status', role: 'status' });
          optionsBox.replaceChildren(
            h(
              'form',
              {
                class: 'options',
                onsubmit: async (e: Event) => {
                  e.preventDefault();
                  const { value } = form.read();
                  if (!value) return;
                  try {
                    await api('PATCH', `${base}/me`, { options: { ...(me?.options ?? {}), ...value } }, playerToken());
                    status.textContent = t('saved');
                    await refresh();
                  } catch (error) {
                    status.textContent = refusalText(error);
                    if (error instanceof ApiError) form.showServerError(error);
                  }
                },
              },
              h('h4', null, t('join-options')),
              form.el,
              h('button', { type: 'submit', class: 'primary' }, t('save')),
              status,
            ),
          );
        });
        return panel(t('lobby'), box, { id: 'lobby' });
      });
      return;
    }
    slots.lobby.set(['join', s.id], () => {
      const nameId = nextId('jn');
      const name = h('input', { id: nameId, type: 'text', maxlength: 40, required: true, autocomplete: 'nickname', 'data-testid': 'join-name' });
      const optionsBox = h('div');
      const status = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
      let optionsForm: ReturnType<typeof schemaForm> | null = null;
      const watchHint = Boolean(dict().ui[`join-unset-${s.ruleset}`]);
      const joinButton = h('button', { type: 'submit', class: 'primary', 'data-testid': 'join-submit' }, t('join'));
      void rulesetInfo(s.ruleset).then((info) => {
        if (!info || !Object.keys(info.options?.properties ?? {}).length) return;
        optionsForm = schemaForm(c, info.options, {});
        optionsBox.replaceChildren(h('h4', null, t('join-options')), optionsForm.el, ...(watchHint ? [h('p', { class: 'hint', 'data-testid': 'join-watch-hint' }, t(`join-unset-${s.ruleset}`))] : []));
        optionsForm.el.addEventListener('change', () => {
          delete joinButton.dataset.watch;
          joinButton.textContent = t('join');
          status.textContent = '';
        });
      });
      const restoreId = nextId('rs');
      const restore = h('input', { id: restoreId, type: 'text', placeholder: t('paste-link'), 'data-testid': 'restore-link' });
      const restoreStatus = h('p', { class: 'status error', role: 'alert', 'data-testid': 'restore-status' });
      return panel(t('join-title'), [
        h(
          'form',
          {
            class: 'join',
            onsubmit: async (e: Event) => {
              e.preventDefault();
              if (!name.value.trim()) {
                status.className = 'status error';
                status.textContent = t('field-required', { field: t('your-name') });
                return;
              }
              let options: Record<string, unknown> | undefined;
              if (optionsForm) {
                const read = (optionsForm as ReturnType<typeof schemaForm>).read();
                if (!read.value) return;
                options = read.value;
              }
              // MAF-1.9: without a join option the player is not dealt in; he says so knowingly.
              if (watchHint && !Object.keys(options ?? {}).length && !joinButton.dataset.watch) {
                joinButton.dataset.watch = '1';
                joinButton.textContent = t('join-to-watch');
                status.className = 'status warn';
                status.textContent = t(`join-unset-${s.ruleset}`);
                return;
              }
              try {
                const r = await api<{ playerId: string; token: string }>('POST', `${base}/players`, { name: name.value.trim(), ...(options ? { options } : {}) });
                saveKeys(matchId, { player: { token: r.token, id: r.playerId, name: name.value.trim() } });
                toast(t('joined-as', { name: name.value.trim() }));
                await refresh();
              } catch (error) {
                status.className = 'status error';
                status.textContent = refusalText(error);
              }
            },
          },
          h('div', { class: 'field' }, h('label', { for: nameId }, t('your-name')), name),
          optionsBox,
          joinButton,
          status,
        ),
        h(
          'form',
          {
            class: 'restore',
            onsubmit: (e: Event) => {
              e.preventDefault();
              const m = /#\/m\/([^/]+)\/key\/([^/\s]+)/.exec(restore.value.trim());
              if (m && tokenKind(decodeURIComponent(m[2]!))) location.hash = `#/m/${m[1]}/key/${m[2]}`;
              else {
                restoreStatus.textContent = t('link-not-recognised');
                restore.setAttribute('aria-invalid', 'true');
              }
            },
          },
          h('label', { for: restoreId }, t('have-link')),
          h('div', { class: 'row' }, restore, h('button', { type: 'submit', class: 'ghost' }, t('open'))),
          restoreStatus,
        ),
      ], { id: 'join' });
    });
  }

  const gmControls = new Slot(h('div', { class: 'buttons gm-buttons' }));
  const gmData = new Slot(h('div'));
  const gmTools = new Slot(h('div'));
  const gmSettings = new Slot(h('div'));
  const toolkitMemory: ToolkitMemory = {};
  let toolkitRound = 0;

  /** One player's card and events as he sees them, read-only (the GM's "see as a player"). */
  function asPlayer(view: MeResponse): Child {
    const c: Ctx = { ...ctx(), me: view.playerId };
    for (const p of view.view?.players ?? []) if (!c.players.has(p.id)) c.players.set(p.id, p.name);
    return [
      view.view?.me ? card(c, view.view.me, view.match.ruleset, {}) : h('p', { class: 'empty' }, t('nothing-yet')),
      phaseGroups(c, view.events, view.match.phase, { testid: 'as-events' }),
    ];
  }

  function renderGm(c: Ctx): void {
    const s = summary!;
    const token = keys().gm;
    if (!token || !gm) {
      slots.gm.set(null, () => null);
      return;
    }
    const g = gm;
    const call = async (method: string, path: string, body?: unknown, done?: string) => {
      try {
        await api(method, `${base}${path}`, body, token);
        if (done) toast(done);
        await refresh();
      } catch (error) {
        fail(error);
      }
    };
    slots.gm.set(['gm', token], () =>
      panel(t('gm-title'), [
        h('div', { class: 'gm-links' }, copyField(t('gm-join-link'), joinLink(matchId), { testid: 'join-link' }), copyField(t('gm-link'), personalLink(matchId, token), { secret: true, testid: 'gm-link' })),
        gmControls.el,
        gmSettings.el,
        gmTools.el,
        gmData.el,
      ], { class: 'gm', id: 'gm' }),
    );
    // The controls change with the match's status only, so a number being typed survives updates.
    gmControls.set([s.status, s.phase], () => {
      const minutesId = nextId('ext');
      const minutes = h('input', { id: minutesId, type: 'number', min: 1, max: 10080, value: 60, step: 1 });
      const buttons: Child[] = [];
      if (s.status === 'lobby') buttons.push(h('button', { type: 'button', class: 'primary', 'data-testid': 'gm-start', onclick: () => call('POST', '/start', {}, t('gm-started')) }, t('gm-start')));
      if (s.status === 'running') {
        buttons.push(h('button', { type: 'button', class: 'primary', 'data-testid': 'gm-resolve', onclick: () => call('POST', '/resolve', s.phase ? { phase: s.phase } : {}, t('gm-resolved')) }, t('gm-resolve')));
        buttons.push(h('button', { type: 'button', 'data-testid': 'gm-pause', onclick: () => call('POST', '/pause', {}, t('gm-paused')) }, t('gm-pause')));
      }
      if (s.status === 'paused') buttons.push(h('button', { type: 'button', class: 'primary', 'data-testid': 'gm-resume', onclick: () => call('POST', '/resume', {}, t('gm-resumed')) }, t('gm-resume')));
      if (s.status === 'running' || s.status === 'paused') {
        buttons.push(
          h(
            'span',
            { class: 'extend' },
            h('label', { for: minutesId }, t('gm-minutes')),
            minutes,
            h('button', { type: 'button', 'data-testid': 'gm-extend', onclick: () => call('POST', '/extend', { minutes: Number(minutes.value) }, t('gm-extended')) }, t('gm-extend')),
          ),
        );
      }
      return buttons;
    });
    gmSettings.set([s.status, s.settings], () => settingsEditor({ ctx: c, summary: s, save: (patch) => api('PATCH', `${base}/settings`, patch, token).then(() => refresh()) }));
    // The toolkit changes with the status, the phase and the seats (and what it was asked to show).
    const seats = g.players.map((p) => ({ id: p.id, name: p.name, seat: p.seat }));
    gmTools.set([s.status, s.phase, s.phases, seats, toolkitRound], () =>
      gmToolkit({
        matchId,
        base,
        token,
        summary: s,
        seats,
        memory: toolkitMemory,
        personalLink: (tok) => personalLink(matchId, tok),
        refresh,
        renderView: (view) => asPlayer(view),
        rerender: () => {
          toolkitRound++;
          renderGm(ctx());
        },
      }),
    );
    gmData.set([g, s.players, s.status, s.phase, namesKey(c)], () => {
      const alive = new Map((s.players ?? []).map((p) => [p.id, p.alive]));
      const facts = (g.facts ?? {}) as { role?: Record<string, string>; faction?: Record<string, string> };
      const started = s.status !== 'lobby';
      const rows = g.players.map((p) => {
        const remove = h('button', { type: 'button', class: 'ghost small danger', 'data-remove': p.id }, t('gm-remove'));
        remove.addEventListener('click', () => {
          if (remove.dataset.armed) void call('DELETE', `/players/${encodeURIComponent(p.id)}`, undefined, t('gm-removed', { name: p.name }));
          else {
            remove.dataset.armed = '1';
            remove.textContent = t('gm-remove-confirm');
          }
        });
        const state = alive.get(p.id);
        return h(
          'tr',
          { 'data-player': p.id },
          h('td', null, String(p.seat)),
          h('td', null, p.name, h('small', null, ` (${p.id})`)),
          h('td', null, state === undefined ? (s.notDealt?.includes(p.id) ? t(`not-dealt-${s.ruleset}`) : '') : state ? t('alive') : t('dead')),
          h('td', { 'data-col': 'role' }, facts.role?.[p.id] ? fmtValue(c, facts.role[p.id]) : facts.faction?.[p.id] ? fmtValue(c, facts.faction[p.id]) : ''),
          h('td', null, Object.keys(p.options ?? {}).length ? fmtValue(c, p.options) : ''),
          h('td', { 'data-col': 'checked' }, started && p.checked ? '✓' : ''),
          h('td', null, s.status !== 'ended' && state !== false ? remove : null),
        );
      });
      const pending = g.pending.map((p) =>
        h('li', null, playerNode(c, p.player), p.owner !== p.player ? h('small', null, ` (${nameText(c, p.owner)})`) : null, ': ', h('b', null, actionLabel(p.action.type)), ' ', Object.entries(p.action).filter(([k]) => k !== 'type').map(([k, v]) => [' · ', fieldLabel(k), ': ', fmtValue(c, v)])),
      );
      return [
        h('h4', null, t('players'), ` (${g.players.length})`),
        h('div', { class: 'table-wrap' }, h('table', { class: 'gm-players' }, h('thead', null, h('tr', null, h('th', null, '#'), h('th', null, t('name')), h('th', null, t('state')), h('th', null, t('role')), h('th', null, t('options')), h('th', null, t('checked-col')), h('th', null, ''))), h('tbody', null, rows))),
        h('details', { 'data-keep': 'gm-pending' }, h('summary', null, t('gm-pending'), ` (${pending.length})`), pending.length ? h('ul', { class: 'pending' }, pending) : h('p', { class: 'empty' }, t('nothing-yet'))),
        h('details', { 'data-keep': 'gm-events' }, h('summary', null, t('gm-all-events'), ` (${g.events.length})`), phaseGroups(c, g.events, s.phase, { audience: true, tally: votes, testid: 'gm-events' })),
        h('details', { 'data-keep': 'gm-state' }, h('summary', null, t('gm-state')), h('pre', { class: 'json', 'data-testid': 'gm-state' }, JSON.stringify({ seed: g.seed, dice: g.dice, settings: s.settings, view: g.view, facts: g.facts }, null, 1))),
      ];
    });
  }

  void refresh().then(() => {
    if (!stopped) timer = window.setTimeout(poll, POLL_MS);
  });
  const stopLive = listenLive(matchId, keys().player?.token ?? keys().gm, () => void refresh());

  return () => {
    stopped = true;
    stopLive();
    if (timer !== undefined) clearTimeout(timer);
    clearInterval(clock);
    title.stop();
    document.removeEventListener('visibilitychange', onVisible);
  };
}


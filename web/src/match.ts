// The match page: for a player (card, actions, record, messages, channels), for the GM, for anyone
// watching. Each panel is a module of match/; this file lays them out and keeps them up to date: a pushed
// change is shown as it came (no request, or one for a change to the player's own card); a change of the
// match itself, a reconnection and a poll (every few seconds, only while no push can come) read what is new.
import { published, serverNow } from './api.js';
import { h, mount } from './dom.js';
import { phaseLabel, t } from './lang.js';
import { listenLive, type LiveChange, type LiveToken } from './live.js';
import type { Summary } from './types.js';
import { Slot } from './ui.js';
import { actionsPanel } from './match/actions.js';
import { cardPanel } from './match/card.js';
import { channelsPanel } from './match/channels.js';
import { gmPanel } from './match/gm.js';
import { headPanel } from './match/head.js';
import { headline } from './match/headline.js';
import { fingerprint, matchLoader } from './match/load.js';
import { lobbyPanel } from './match/lobby.js';
import { mapPanel } from './match/map.js';
import { playersPanel } from './match/players.js';
import { recordPanels } from './match/record.js';
import { ctxOf, fail, keys, namesKey, type MatchState } from './match/state.js';
import { tabTitle } from './match/title.js';
import { toolsPanel } from './match/tools.js';
import { voteBoard } from './match/votes.js';

const POLL_MS = 3000;
/** Connected, the page only glances at the published summary (no API request) this often. */
const CONNECTED_POLL_MS = 15_000;

export function matchPage(root: HTMLElement, matchId: string): () => void {
  let stopped = false;
  let timer: number | undefined;
  let ticks = 0;
  let lastPrint = '';
  let loading: Promise<void> | null = null;
  let again: Promise<void> | null = null;

  const state: MatchState = {
    matchId,
    summary: null,
    me: null,
    actions: null,
    gm: null,
    publicEvents: [],
    votes: null,
    monsterSpecies: new Map(),
    refresh: () => refresh(),
    render: () => render(),
    hasOlder: () => loader.hasOlder(),
    older: () => older(),
  };
  const loader = matchLoader(state);
  const load = loader.load;

  const head = headPanel(state);
  const headlineSlot = new Slot(h('div'));
  const votesSlot = new Slot(h('div'));
  const gm = gmPanel(state);
  const lobby = lobbyPanel(state);
  const actions = actionsPanel(state);
  const map = mapPanel(state, () => actions.actions);
  const card = cardPanel(state);
  const tools = toolsPanel(state);
  const players = playersPanel(state);
  const channels = channelsPanel(state);
  const record = recordPanels(state);
  const title = tabTitle();

  const main = h('div', { class: 'col main' }, map.el, card.el, actions.actions, actions.submitted, tools.el);
  const side = h('div', { class: 'col side' }, players.el, channels.el, record.privates, record.record);
  const cols = h('div', { class: 'cols' }, main, side);
  mount(
    root,
    h(
      'div',
      { class: 'match-page', 'data-match': matchId },
      h('header', { class: 'match-head' }, head.el),
      headlineSlot.el,
      votesSlot.el,
      gm.el,
      lobby.el,
      cols,
    ),
  );

  function render(): void {
    const { summary: s, me, gm: gmView, actions: acts, votes } = state;
    if (!s) return;
    const c = ctxOf(state);
    head.render(c);

    const readable = me ? me.events : gmView ? gmView.events : state.publicEvents;
    const headlineEvents = me ? me.events : readable.filter((e) => e.to === 'public');
    const view = me?.view ?? null;
    const mine = me && view?.me ? { id: me.playerId, alive: view.me.alive, checked: me.checked, submitted: me.submitted.length } : null;
    headlineSlot.set(
      [
        s.status,
        s.phase,
        s.phases,
        s.deadline,
        s.winner,
        headlineEvents.filter((e) => e.kind !== 'message' && e.kind !== 'vote-cast').length,
        mine,
        acts?.actions.map((a) => a.type),
        namesKey(c),
      ],
      () => headline(c, { summary: s, events: headlineEvents, me: mine, actions: acts?.actions ?? [] }),
    );
    // The open day's count, as the server counted it, at the top (issue 15).
    votesSlot.set([votes, namesKey(c), Math.floor(serverNow() / 60_000)], () =>
      voteBoard(c, s.status === 'ended' ? null : votes, s.ruleset),
    );
    title.update(s.name, phaseLabel(s.phase), readable.length, s.phase ?? s.status);

    gm.render(c);
    lobby.render(c);
    // Without a seat (GM, spectator), the record takes the whole width.
    cols.classList.toggle('single', !me && !(s.ruleset === 'killgame' && s.status !== 'lobby') && s.ruleset !== 'mafia');
    map.render(c);
    card.render(c);
    actions.render(c);
    tools.render(c);
    players.render(c);
    channels.render(c);
    record.render(c);
  }

  /** The record's page before its oldest event, read after any load under way so neither undoes the other. */
  async function older(): Promise<void> {
    await loading;
    try {
      await loader.loadOlder();
      if (!stopped) render();
    } catch (error) {
      fail(error);
    }
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
        if (!(await load())) {
          mount(
            root,
            h('div', { class: 'panel' }, h('h1', null, t('match-not-found')), h('p', null, h('a', { href: '#/' }, t('back-home')))),
          );
          stopped = true;
          return;
        }
        lastPrint = fingerprint(state.summary);
        listenAsHolder();
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
    ticks++;
    const connected = live.connected();
    if (!connected && !document.hidden) await refresh();
    else {
      // A tab in the background, or one that hears every change, still notices a new phase through the
      // cheap published file (no API request), in case that one change was lost.
      const file = await published<Summary>(`/matches/${encodeURIComponent(matchId)}/index.json`);
      const print = file ? fingerprint(file) : '';
      if (file && print !== lastPrint) await refresh();
    }
    if (!stopped) timer = window.setTimeout(poll, live.connected() ? CONNECTED_POLL_MS : POLL_MS);
  }

  /** A pushed change: shown as it came; read when it changed the match, or while a read is under way (it may predate it). */
  function onChange(change: LiveChange): void {
    if (stopped) return;
    if (loading || !loader.apply(change)) {
      void refresh();
      return;
    }
    render();
    // Something for this player other than talk (an item, a notice) may change his card: one read of his view.
    const me = state.me;
    if (me && change.events.some((e) => e.to !== 'public' && e.kind !== 'message' && e.kind !== 'vote-cast')) {
      loading = loader
        .readMe()
        .then(
          () => {
            if (!stopped) render();
          },
          (error) => fail(error),
        )
        .finally(() => {
          loading = null;
        });
    }
  }

  const onVisible = () => {
    if (!document.hidden && !stopped) void refresh();
  };
  document.addEventListener('visibilitychange', onVisible);

  // The socket listens as whoever this page holds a key of now: a spectator who joins (or a player who
  // pastes his link) gets a socket of his own, else he would hear only the public changes.
  const liveTokenNow = (): LiveToken | undefined => {
    const seat = keys(state).player?.token;
    const gmToken = keys(state).gm;
    return seat ? { token: seat, gm: false } : gmToken ? { token: gmToken, gm: true } : undefined;
  };
  let listeningAs = liveTokenNow();
  let live = listenLive(matchId, listeningAs, { change: onChange, missed: () => void refresh() });
  function listenAsHolder(): void {
    const now = liveTokenNow();
    if (stopped || (now?.token === listeningAs?.token && now?.gm === listeningAs?.gm)) return;
    live.stop();
    listeningAs = now;
    live = listenLive(matchId, listeningAs, { change: onChange, missed: () => void refresh() });
  }
  void refresh().then(() => {
    if (!stopped) timer = window.setTimeout(poll, POLL_MS);
  });

  return () => {
    stopped = true;
    live.stop();
    if (timer !== undefined) clearTimeout(timer);
    head.stop();
    title.stop();
    document.removeEventListener('visibilitychange', onVisible);
  };
}

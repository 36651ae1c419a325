// dusk's page: a hash router, the header with language and name switches, and the pages.
import './style.css';
import { api, ApiError } from './api.js';
import { createPage } from './create.js';
import { h, mount } from './dom.js';
import { emptyCtx } from './format.js';
import { homePage } from './home.js';
import { isLang } from '../../texts/langs.js';
import { lang, LANG_NAMES, LANGS, refusalText, setLang, t, type Lang } from './lang.js';
import { catalogBrowser, oddsSettings, randomizer } from './mafia.js';
import { rulesPage } from './rules-page.js';
import { rulesetInfo } from './rulesets.js';
import { matchPage } from './match.js';
import { nameMode, setNameMode, type NameMode } from './names.js';
import { saveKeys, tokenKind } from './store.js';
import { panel, toast } from './ui.js';

const app = document.getElementById('app') ?? document.body.appendChild(h('div', { id: 'app' }));
let cleanup: (() => void) | null = null;

function header(): HTMLElement {
  const langSel = h(
    'select',
    { id: 'lang', 'aria-label': t('language'), onchange: (e: Event) => (setLang((e.target as HTMLSelectElement).value as Lang), route()) },
    LANGS.map((l) => h('option', { value: l, selected: l === lang() }, LANG_NAMES[l])),
  );
  const namesSel = h(
    'select',
    {
      id: 'names',
      'aria-label': t('names-mode'),
      title: t('names-mode'),
      onchange: (e: Event) => (setNameMode((e.target as HTMLSelectElement).value as NameMode), route()),
    },
    h('option', { value: 'original', selected: nameMode() === 'original' }, t('names-original')),
    h('option', { value: 'translated', selected: nameMode() === 'translated' }, t('names-translated')),
  );
  return h(
    'header',
    { class: 'top' },
    h('a', { class: 'logo', href: '#/' }, 'dusk'),
    h(
      'nav',
      { 'aria-label': t('navigation') },
      h('a', { href: '#/' }, t('nav-matches')),
      h('a', { href: '#/new' }, t('nav-create')),
      h('a', { href: '#/mafia/catalog' }, t('nav-catalog')),
      h('a', { href: '#/mafia/odds' }, t('nav-randomizer')),
      h('a', { href: `#/rules/lupus?lang=${lang()}` }, t('nav-rules')),
    ),
    h('div', { class: 'prefs' }, langSel, namesSel),
  );
}

/**
 * A personal link opened: the API is asked whether the key is this match's before it is kept, so a
 * wrong link says so once and never replaces a key that works.
 */
function openWithKey(main: HTMLElement, matchId: string, token: string): () => void {
  const kind = tokenKind(token);
  if (!kind) {
    toast(t('link-not-recognised'), 'error');
    return matchPage(main, matchId);
  }
  mount(main, h('p', null, t('loading')));
  let live = true;
  let page: (() => void) | null = null;
  const keep = () => saveKeys(matchId, kind.kind === 'gm' ? { gm: token } : { player: { token, id: kind.id } });
  const request = { params: { id: matchId }, token };
  void (kind.kind === 'gm' ? api('GET', '/api/matches/{id}/gm', request) : api('GET', '/api/matches/{id}/me', request))
    .then(keep, (error: unknown) => {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) toast(refusalText(error), 'error');
      // Not reachable now: keep the key, the match page retries. No such match: the page says so.
      else if (!(error instanceof ApiError && error.status === 404)) keep();
    })
    .then(() => {
      if (live) page = matchPage(main, matchId);
    });
  return () => {
    live = false;
    page?.();
  };
}

function route(): void {
  cleanup?.();
  cleanup = null;
  document.documentElement.lang = lang();
  document.title = 'dusk';
  const main = h('main', { id: 'main', tabindex: -1 });
  mount(
    app,
    h('a', { class: 'skip', href: '#main', onclick: (e: Event) => (e.preventDefault(), main.focus()) }, t('skip')),
    header(),
    main,
  );
  const [path = '/', query = ''] = (location.hash.replace(/^#/, '') || '/').split('?');
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === 'rules') {
    // A GM's forum link names the language (`#/rules/lupus?lang=it`): the page opens in it.
    // The query is dropped once applied, so the language switch in the header still works here.
    const wanted = new URLSearchParams(query).get('lang');
    if (query) history.replaceState(null, '', `#/rules/${encodeURIComponent(parts[1] ?? 'lupus')}`);
    if (isLang(wanted) && wanted !== lang()) {
      setLang(wanted);
      return route();
    }
    rulesPage(main, parts[1] ?? 'lupus');
    return;
  }
  if (parts[0] === 'm' && parts[1] && parts[2] === 'invite' && parts[3]) {
    // A private lobby's invitation (issue 44): kept for the join, and out of the address bar.
    saveKeys(parts[1], { invite: parts[3] });
    history.replaceState(null, '', `#/m/${encodeURIComponent(parts[1])}`);
    cleanup = matchPage(main, parts[1]);
    return;
  }
  if (parts[0] === 'm' && parts[1] && parts[2] === 'key' && parts[3]) {
    history.replaceState(null, '', `#/m/${encodeURIComponent(parts[1])}`);
    cleanup = openWithKey(main, parts[1], parts[3]);
    return;
  }
  if (parts[0] === 'm' && parts[1]) {
    cleanup = matchPage(main, parts[1]);
    return;
  }
  if (parts[0] === 'new') {
    cleanup = createPage(main, parts[1]);
    return;
  }
  if (parts[0] === 'mafia' && parts[1] === 'catalog') {
    mount(
      main,
      h('h1', null, t('mafia-catalog')),
      panel(t('mafia-catalog'), catalogBrowser(emptyCtx('mafia'), 'h3'), { id: 'catalog', level: 2 }),
    );
    return;
  }
  if (parts[0] === 'mafia' && parts[1] === 'odds') {
    // The odds of the ruleset's default settings (a match's page uses that match's settings).
    const show = (settings: Record<string, unknown>) =>
      mount(
        main,
        h('h1', null, t('mafia-randomizer')),
        panel(t('mafia-randomizer'), randomizer(emptyCtx('mafia'), oddsSettings(settings)), { id: 'randomizer' }),
      );
    const fail = (text: string) => mount(main, h('h1', null, t('mafia-randomizer')), h('p', { class: 'banner warn' }, text));
    mount(main, h('p', null, t('loading')));
    let live = true;
    cleanup = () => (live = false);
    rulesetInfo('mafia').then(
      (info) => live && (info ? show(info.defaults) : fail(t('error-unexpected'))),
      (error: unknown) => live && fail(refusalText(error)),
    );
    return;
  }
  cleanup = homePage(main);
}

window.addEventListener('hashchange', route);
route();

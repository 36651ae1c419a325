// "Copy the forum post": a phase's post (or the open day's vote count) in the dialect of the match's forum (its
// `forum` setting, which the API applies when no format is asked) or another one picked here, in the page's
// language, fetched from the API and put on the clipboard, for the GM and for anyone who posts in the thread.
import { FORUMS } from '../../texts/forums.js';
import { h } from './dom.js';
import { lang, t } from './lang.js';
import { pref, setPref } from './store.js';

/** The forum software a post can be written for, by name (texts/forums.ts, the server's dialects too). */
const FORMATS = Object.entries(FORUMS);

async function toClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The buttons for one post: `phase` a closed phase's post, or null for the open day's vote count (which marks
 * what changed since this browser last copied it).
 */
export function copyPostButtons(matchId: string, phase: string | null): HTMLElement {
  const status = h('span', { class: 'copy-status', role: 'status', 'aria-live': 'polite' });
  const fallback = h('textarea', { class: 'copy-fallback', readonly: true, hidden: true, rows: 6, 'aria-label': t('post-copy') });
  const sinceKey = `post-since-${matchId}`;
  const copy = async (format: string) => {
    const base = `/api/matches/${encodeURIComponent(matchId)}`;
    const since = phase === null ? pref(sinceKey, '') : '';
    const path = phase === null ? `${base}/votes/post` : `${base}/phases/${encodeURIComponent(phase)}/post`;
    const query = `${format ? `format=${format}&` : ''}lang=${lang()}${since ? `&since=${since}` : ''}`;
    const response = await fetch(`${path}?${query}`, { cache: 'no-store' }).catch(() => null);
    const text = response?.ok ? await response.text() : null;
    if (text !== null && (await toClipboard(text))) {
      if (phase === null) setPref(sinceKey, String(Date.now()));
      fallback.hidden = true;
      status.textContent = t('post-copied');
      return;
    }
    status.textContent = t('post-copy-failed');
    if (text !== null) {
      fallback.value = text;
      fallback.hidden = false;
      fallback.select();
    }
  };
  // '' = the match's own forum (the GM's `forum` setting); another choice is remembered by this browser.
  const picker = h(
    'select',
    { class: 'small', 'aria-label': t('post-forum'), onchange: () => setPref('post-format', picker.value) },
    h('option', { value: '' }, t('post-forum-match')),
    FORMATS.map(([format, label]) => h('option', { value: format }, label)),
  ) as HTMLSelectElement;
  picker.value = pref('post-format', '');
  return h(
    'div',
    { class: 'copy-post', 'data-testid': phase === null ? 'copy-votes-post' : `copy-post-${phase}` },
    h('span', null, `${t('post-forum')}: `),
    picker,
    ' ',
    h('button', { type: 'button', class: 'small', 'data-format': 'forum', onclick: () => void copy(picker.value) }, t('post-copy')),
    ' ',
    status,
    fallback,
  );
}

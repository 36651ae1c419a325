// "Copy the forum post": a phase's post (or the open day's vote count) in BBCode or Markdown, in the page's
// language, fetched from the API and put on the clipboard, for the GM and for anyone who posts in the thread.
import { h } from './dom.js';
import { lang, t } from './lang.js';
import { pref, setPref } from './store.js';

const FORMATS = [
  ['bbcode', 'BBCode'],
  ['markdown', 'Markdown'],
] as const;

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
    const query = `format=${format}&lang=${lang()}${since ? `&since=${since}` : ''}`;
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
  return h(
    'div',
    { class: 'copy-post', 'data-testid': phase === null ? 'copy-votes-post' : `copy-post-${phase}` },
    h('span', null, `${t('post-copy')}: `),
    FORMATS.map(([format, label]) => h('button', { type: 'button', class: 'small', 'data-format': format, onclick: () => void copy(format) }, label)),
    ' ',
    status,
    fallback,
  );
}

// "Copy the forum post": a phase's post (or the open day's vote count) in BBCode or Markdown, in the page's
// language, fetched from the API and put on the clipboard, for the GM and for anyone who posts in the thread.
import { h } from './dom.js';
import { lang } from './lang.js';
import { pref, setPref } from './store.js';

const WORDS = {
  it: { copy: 'Copia il post per il forum', copied: 'Copiato.', failed: 'Copia non riuscita: seleziona il testo qui sotto.' },
  ru: { copy: 'Скопировать пост для форума', copied: 'Скопировано.', failed: 'Не удалось скопировать: выделите текст ниже.' },
  en: { copy: 'Copy the forum post', copied: 'Copied.', failed: 'Could not copy: select the text below.' },
} as const;
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
  const words = WORDS[lang()];
  const status = h('span', { class: 'copy-status', role: 'status', 'aria-live': 'polite' });
  const fallback = h('textarea', { class: 'copy-fallback', readonly: true, hidden: true, rows: 6, 'aria-label': words.copy });
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
      status.textContent = words.copied;
      return;
    }
    status.textContent = words.failed;
    if (text !== null) {
      fallback.value = text;
      fallback.hidden = false;
      fallback.select();
    }
  };
  return h(
    'div',
    { class: 'copy-post', 'data-testid': phase === null ? 'copy-votes-post' : `copy-post-${phase}` },
    h('span', null, `${words.copy}: `),
    FORMATS.map(([format, label]) => h('button', { type: 'button', class: 'small', 'data-format': format, onclick: () => void copy(format) }, label)),
    ' ',
    status,
    fallback,
  );
}

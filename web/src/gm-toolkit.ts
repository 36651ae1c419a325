// The GM toolkit on the match page: substitute a player, roll back the last resolution, force an
// outcome, export the record, see the match as one player, webhooks. Everything from the API is text.
import { api, readAs } from './api.js';
import { h, nextId, type Child } from './dom.js';
import { phaseLabel, t, refusalText } from './lang.js';
import type { MeResponse, Summary } from './types.js';
import { copyField, toast } from './ui.js';

export interface ToolkitDeps {
  matchId: string;
  token: string;
  summary: Summary;
  seats: Array<{ id: string; name: string; seat: number }>;
  /** The outcomes the GM may force, in the GM's words. */
  winners: Array<{ id: string; label: string }>;
  /** What the toolkit remembers across re-renders (the last new link, the last player view). */
  memory: ToolkitMemory;
  personalLink: (token: string) => string;
  refresh: () => Promise<void>;
  /** Renders one player's view (card and events), read-only. */
  renderView: (view: MeResponse) => Child;
  /** Asks the page to render the toolkit again (after the memory changed). */
  rerender: () => void;
}

export interface ToolkitMemory {
  substituted?: { name: string; link: string };
  asView?: MeResponse;
}

/** The phase whose resolution a rollback undoes: the one before the open one (the last one once ended). */
export function lastResolved(s: Summary): string | null {
  const phases = s.phases ?? [];
  if (s.phase) {
    const i = phases.indexOf(s.phase);
    return i > 0 ? phases[i - 1]! : null;
  }
  return s.status === 'ended' && phases.length ? phases[phases.length - 1]! : null;
}

function statusLine(testid: string): HTMLParagraphElement {
  return h('p', { class: 'status', role: 'status', 'aria-live': 'polite', 'data-testid': testid });
}

function showError(status: HTMLElement, error: unknown): void {
  status.className = 'status error';
  status.textContent = refusalText(error);
}

function showOk(status: HTMLElement, text: string): void {
  status.className = 'status ok';
  status.textContent = text;
}

function seatSelect(id: string, seats: ToolkitDeps['seats'], testid: string): HTMLSelectElement {
  return h(
    'select',
    { id, required: true, 'data-testid': testid },
    h('option', { value: '' }, t('choose')),
    seats.map((p) => h('option', { value: p.id }, `${p.seat}. ${p.name} (${p.id})`)),
  );
}

/** A button that asks once more before it acts: the first click arms it, the second acts. */
function confirmButton(label: string, confirm: string, testid: string, act: () => Promise<void>): HTMLButtonElement {
  const button = h('button', { type: 'button', class: 'danger', 'data-testid': testid }, label);
  button.addEventListener('click', async () => {
    if (!button.dataset.armed) {
      button.dataset.armed = '1';
      button.textContent = confirm;
      return;
    }
    delete button.dataset.armed;
    button.textContent = label;
    button.disabled = true;
    try {
      await act();
    } finally {
      button.disabled = false;
    }
  });
  return button;
}

/**
 * A tool's form: its labelled fields, a submit button and a status line. On submit the first field
 * `missing` names is said to be required; otherwise `act` runs, and a refusal is shown in the status.
 */
function gmForm(
  cls: string,
  fields: Array<{ id: string; label: string; control: HTMLElement }>,
  submit: HTMLButtonElement,
  status: HTMLElement,
  missing: () => string | null,
  act: () => Promise<void>,
): HTMLFormElement {
  return h(
    'form',
    {
      class: cls,
      onsubmit: async (e: Event) => {
        e.preventDefault();
        const field = missing();
        if (field) {
          status.className = 'status error';
          status.textContent = t('field-required', { field });
          return;
        }
        try {
          await act();
        } catch (error) {
          showError(status, error);
        }
      },
    },
    fields.map((f) => h('div', { class: 'field' }, h('label', { for: f.id }, f.label), f.control)),
    submit,
    status,
  );
}

function section(title: string, testid: string, ...body: Child[]): HTMLElement {
  return h('details', { class: 'gm-tool', 'data-keep': `gm-tool-${testid}`, 'data-testid': testid }, h('summary', null, title), body);
}

export function gmToolkit(d: ToolkitDeps): HTMLElement {
  const s = d.summary;
  const tools: Child[] = [];
  const live = s.status !== 'ended';

  // 1. Substitute a player.
  if (live) {
    const seatId = nextId('sub');
    const nameId = nextId('subn');
    const seat = seatSelect(seatId, d.seats, 'sub-seat');
    const name = h('input', { id: nameId, type: 'text', maxlength: 40, required: true, 'data-testid': 'sub-name' });
    const status = statusLine('sub-status');
    const subButton = h('button', { type: 'submit', class: 'primary', 'data-testid': 'sub-submit' }, t('gm-sub-submit'));
    const result = d.memory.substituted;
    tools.push(
      section(
        t('gm-sub-title'),
        'gm-substitute',
        gmForm(
          'gm-substitute',
          [
            { id: seatId, label: t('gm-seat'), control: seat },
            { id: nameId, label: t('gm-sub-name'), control: name },
          ],
          subButton,
          status,
          () => (!seat.value ? t('gm-seat') : !name.value.trim() ? t('gm-sub-name') : null),
          async () => {
            const newName = name.value.trim();
            // Issue 44: the first submit only asks, naming both people on the button.
            const old = d.seats.find((p) => p.id === seat.value)?.name ?? seat.value;
            const ask = t('gm-sub-confirm', { old, name: newName });
            if (subButton.dataset.armed !== ask) {
              subButton.dataset.armed = ask;
              subButton.textContent = ask;
              return;
            }
            delete subButton.dataset.armed;
            subButton.textContent = t('gm-sub-submit');
            const r = await api('POST', '/api/matches/{id}/players/{playerId}/substitute', {
              params: { id: d.matchId, playerId: seat.value },
              body: { name: newName },
              token: d.token,
            });
            d.memory.substituted = { name: newName, link: d.personalLink(r.token) };
            toast(t('gm-sub-done', { name: newName }));
            d.rerender();
            await d.refresh();
          },
        ),
        result
          ? h(
              'div',
              { class: 'sub-result' },
              h('p', null, t('gm-sub-done', { name: result.name })),
              copyField(t('gm-sub-link', { name: result.name }), result.link, { secret: true, testid: 'sub-link' }),
            )
          : null,
      ),
    );
  }

  // 2. Roll back the last resolution.
  {
    const phase = lastResolved(s);
    const status = statusLine('rollback-status');
    tools.push(
      section(
        t('gm-rollback-title'),
        'gm-rollback',
        phase
          ? confirmButton(
              t('gm-rollback', { phase: phaseLabel(phase) }),
              t('gm-rollback-confirm', { phase: phaseLabel(phase) }),
              'rollback',
              async () => {
                try {
                  await api('POST', '/api/matches/{id}/rollback', { params: { id: d.matchId }, body: { phase }, token: d.token });
                  toast(t('gm-rolled-back', { phase: phaseLabel(phase) }));
                  await d.refresh();
                } catch (error) {
                  showError(status, error);
                }
              },
            )
          : h('p', { class: 'empty' }, t('gm-rollback-none')),
        status,
      ),
    );
  }

  // 3. Force an outcome: picked from the ruleset's own winners, in the GM's words (issue 44).
  if (live && d.winners.length) {
    const winnerId = nextId('win');
    const winner = h(
      'select',
      { id: winnerId, required: true, 'data-testid': 'end-winner' },
      h('option', { value: '' }, t('choose')),
      d.winners.map((w) => h('option', { value: w.id }, w.label)),
    );
    const status = statusLine('end-status');
    const end = confirmButton(t('gm-end'), t('gm-end-confirm'), 'end', async () => {
      const value = winner.value;
      if (!value) {
        status.className = 'status error';
        status.textContent = t('field-required', { field: t('gm-winner-pick') });
        return;
      }
      try {
        await api('POST', '/api/matches/{id}/end', { params: { id: d.matchId }, body: { winner: value }, token: d.token });
        toast(t('gm-ended'));
        await d.refresh();
      } catch (error) {
        showError(status, error);
      }
    });
    // The confirmation names the winner chosen; another choice asks again.
    end.addEventListener('click', () => {
      if (end.dataset.armed)
        end.textContent = winner.value
          ? t('gm-end-confirm-name', { winner: winner.selectedOptions[0]?.textContent ?? winner.value })
          : t('gm-end');
      if (!winner.value) delete end.dataset.armed;
    });
    winner.addEventListener('change', () => {
      delete end.dataset.armed;
      end.textContent = t('gm-end');
    });
    tools.push(
      section(
        t('gm-end-title'),
        'gm-end',
        h('div', { class: 'field' }, h('label', { for: winnerId }, t('gm-winner-pick')), winner),
        end,
        status,
      ),
    );
  }

  // 4. Export.
  {
    const status = statusLine('export-status');
    const button = h('button', { type: 'button', 'data-testid': 'export' }, t('gm-export'));
    button.addEventListener('click', async () => {
      button.disabled = true;
      try {
        const record = await api('GET', '/api/matches/{id}/export', { params: { id: d.matchId }, token: d.token });
        const blob = new Blob([JSON.stringify(record, null, 1)], { type: 'application/json' });
        const url = URL.createObjectURL(blob);
        const a = h('a', { href: url, download: `dusk-${d.matchId}.json`, hidden: true });
        document.body.appendChild(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
        showOk(status, t('gm-exported'));
      } catch (error) {
        showError(status, error);
      } finally {
        button.disabled = false;
      }
    });
    tools.push(section(t('gm-export-title'), 'gm-export', button, status));
  }

  // 5. See as a player.
  {
    const seatId = nextId('as');
    const seat = seatSelect(seatId, d.seats, 'as-seat');
    const status = statusLine('as-status');
    const shown = d.memory.asView;
    tools.push(
      section(
        t('gm-as-title'),
        'gm-as',
        gmForm(
          'gm-as',
          [{ id: seatId, label: t('gm-seat'), control: seat }],
          h('button', { type: 'submit', 'data-testid': 'as-submit' }, t('gm-as')),
          status,
          () => (!seat.value ? t('gm-seat') : null),
          async () => {
            const view = await api('GET', '/api/matches/{id}/as/{playerId}', {
              params: { id: d.matchId, playerId: seat.value },
              token: d.token,
            });
            d.memory.asView = readAs<MeResponse, typeof view>(view);
            d.rerender();
          },
        ),
        shown
          ? h(
              'div',
              { class: 'as-view', 'data-testid': 'as-view', 'data-player': shown.playerId },
              h('h4', null, t('gm-as-heading', { name: shown.name })),
              d.renderView(shown),
            )
          : null,
      ),
    );
  }

  // 6. Webhooks.
  {
    const urlsId = nextId('wh');
    const remindId = nextId('whr');
    const urls = h('textarea', { id: urlsId, rows: 3, 'data-testid': 'webhook-urls', placeholder: 'https://…' });
    const remind = h('input', { id: remindId, type: 'number', min: 0, max: 1440, step: 1, value: 0, 'data-testid': 'webhook-remind' });
    const status = statusLine('webhook-status');
    const current = h('div', { class: 'webhook-current', 'data-testid': 'webhook-current' });
    let touched = false;
    urls.addEventListener('input', () => (touched = true));
    remind.addEventListener('input', () => (touched = true));
    const show = (w: {
      urls: Array<string | { url: string; format?: string }>;
      remindBeforeMinutes: number;
      deliveries?: Array<{
        kind: string;
        phase: string;
        state: string;
        attempts: number;
        lastStatus: number | null;
        lastError: string | null;
      }>;
    }) => {
      const list = w.urls.map((u) => (typeof u === 'string' ? u : u.url));
      // What the GM is typing stays; an untouched form shows what is saved.
      if (!touched) {
        urls.value = list.join('\n');
        remind.value = String(w.remindBeforeMinutes ?? 0);
      }
      current.replaceChildren(
        h('h4', null, t('gm-webhooks-status')),
        list.length
          ? h(
              'ul',
              null,
              w.urls.map((u) => h('li', null, typeof u === 'string' ? u : `${u.url}${u.format ? ` (${u.format})` : ''}`)),
            )
          : h('p', { class: 'empty' }, t('gm-webhooks-none')),
        list.length ? h('p', null, t('gm-remind'), `: ${w.remindBeforeMinutes}`) : '',
        w.deliveries?.length
          ? h(
              'details',
              null,
              h('summary', null, t('gm-deliveries'), ` (${w.deliveries.length})`),
              h(
                'ul',
                { class: 'deliveries' },
                w.deliveries.map((x) =>
                  h(
                    'li',
                    null,
                    `${x.kind} · ${phaseLabel(x.phase)} · ${x.state} · ${x.attempts}${x.lastStatus !== null ? ` · HTTP ${x.lastStatus}` : ''}${x.lastError ? ` · ${x.lastError}` : ''}`,
                  ),
                ),
              ),
            )
          : '',
      );
    };
    const load = async () => {
      try {
        show(await api('GET', '/api/matches/{id}/webhooks', { params: { id: d.matchId }, token: d.token }));
      } catch (error) {
        showError(status, error);
      }
    };
    const el = section(
      t('gm-webhooks-title'),
      'gm-webhooks',
      h(
        'form',
        {
          class: 'gm-webhooks',
          onsubmit: async (e: Event) => {
            e.preventDefault();
            const list = urls.value
              .split('\n')
              .map((x) => x.trim())
              .filter(Boolean);
            if (list.length > 5) {
              status.className = 'status error';
              status.textContent = t('gm-too-many-urls');
              return;
            }
            try {
              await api('PUT', '/api/matches/{id}/webhooks', {
                params: { id: d.matchId },
                body: { urls: list, remindBeforeMinutes: Number(remind.value) || 0 },
                token: d.token,
              });
              showOk(status, t('gm-webhooks-saved'));
              touched = false;
              await load();
            } catch (error) {
              showError(status, error);
            }
          },
        },
        h('div', { class: 'field' }, h('label', { for: urlsId }, t('gm-webhook-urls')), urls),
        h('div', { class: 'field' }, h('label', { for: remindId }, t('gm-remind')), remind),
        h('button', { type: 'submit', 'data-testid': 'webhook-save' }, t('gm-webhooks-save')),
        status,
      ),
      current,
    );
    // The status is read when the section is first opened.
    let loaded = false;
    el.addEventListener('toggle', () => {
      if ((el as HTMLDetailsElement).open && !loaded) {
        loaded = true;
        void load();
      }
    });
    tools.push(el);
  }

  return h('div', { class: 'gm-toolkit', 'data-testid': 'gm-toolkit' }, h('h4', null, t('gm-toolkit')), tools);
}

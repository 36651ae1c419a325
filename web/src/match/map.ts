// The Kill Game map: the zones, where the player stands, and a click that fills the chosen action's zone.
import { h } from '../dom.js';
import type { Ctx } from '../format.js';
import { drawMap, hereBox, mapFor } from '../killgame.js';
import { actionLabel, t } from '../lang.js';
import { panel, Slot, toast } from '../ui.js';
import { boardOf, type MatchState } from './state.js';

/** `forms`: where the action forms are, for a click on a zone to fill one. */
export function mapPanel(state: MatchState, forms: () => HTMLElement) {
  const slot = new Slot(h('div'));
  /** The action a click on the map is for: the reader's choice, kept across updates. */
  let mapAction = '';
  return {
    el: slot.el,
    render(c: Ctx): void {
      const { me, summary: s, actions } = state;
      if (!s) return;
      const view = me?.view ?? null;
      const board = boardOf(state);
      if (s.ruleset === 'killgame' && s.status !== 'lobby') {
        const map = mapFor(board, s.settings);
        const zoneActions = (actions?.actions ?? []).filter((a) => Object.values(a.fields).some((f) => f.kind === 'zone'));
        if (!zoneActions.some((a) => a.type === mapAction))
          mapAction = zoneActions.find((a) => a.type === 'move' || a.type === 'start')?.type ?? zoneActions[0]?.type ?? '';
        const chosen = zoneActions.find((a) => a.type === mapAction);
        const zoneField = chosen ? Object.entries(chosen.fields).find(([, f]) => f.kind === 'zone') : undefined;
        const targets = zoneField && zoneField[1].kind === 'zone' ? zoneField[1].options : [];
        const chosenZone =
          zoneField && typeof chosen?.submitted?.[zoneField[0]] === 'string' ? (chosen.submitted[zoneField[0]] as string) : undefined;
        slot.set(
          [board, view?.me?.zone, mapAction, targets, chosenZone, zoneActions.map((a) => a.type), s.settings['first-closing-turn']],
          () => {
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
                        state.render();
                      },
                    },
                    zoneActions.map((a) => h('option', { value: a.type, selected: a.type === mapAction }, actionLabel(a.type))),
                  ),
                )
              : null;
            const pick = (zone: string) => {
              const form = forms().querySelector<HTMLFormElement>(`form.action[data-type="${mapAction}"]`);
              const sel = form?.querySelector<HTMLSelectElement>('select[data-zone-field]');
              if (!form || !sel) return;
              sel.value = zone;
              sel.dispatchEvent(new Event('change', { bubbles: true }));
              form.classList.add('picked');
              form.querySelector<HTMLButtonElement>('button[type=submit]')?.focus();
              toast(t('map-picked', { zone: c.zones.get(zone) ?? zone, action: actionLabel(mapAction) }));
            };
            return panel(
              t('map'),
              [
                chooser,
                drawMap({
                  ctx: c,
                  map,
                  board,
                  settings: s.settings,
                  myZone: view?.me ? (view.me.zone ?? null) : undefined,
                  targets,
                  chosen: chosenZone,
                  targetLabel: actionLabel(mapAction),
                  onPick: pick,
                }),
                hereBox(c, board?.here),
                board?.doubleDamage ? h('p', { class: 'badge bad' }, t('kg-double-damage')) : null,
              ],
              { class: 'map-panel' },
            );
          },
        );
      } else slot.set(null, () => null);
    },
  };
}

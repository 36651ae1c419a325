// A panel of the match page drawn in one slot once the match's summary has been read (the lobby,
// the players): `draw` gets the slot, the names, the summary and this browser's own read.
import { h } from '../dom.js';
import type { Ctx } from '../format.js';
import type { MeResponse, Summary } from '../types.js';
import { Slot } from '../ui.js';
import type { MatchState } from './state.js';

export function summaryPanel(state: MatchState, draw: (slot: Slot, c: Ctx, s: Summary, me: MeResponse | null) => void) {
  const slot = new Slot(h('div'));
  return {
    el: slot.el,
    render(c: Ctx): void {
      if (state.summary) draw(slot, c, state.summary, state.me);
    },
  };
}

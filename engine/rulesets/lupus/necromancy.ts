// Step 11: the Negromante's raise or contact (LUP-7.27 – LUP-7.29).
import { resurrect } from './deaths.js';
import type { Night } from './night-context.js';
import { ready } from './night-context.js';
import { field } from './pending.js';
import type { LupusPlayer } from './state.js';
import { factionOf, findPlayer, isWolf } from './state.js';

/** LUP-7.28: does the guess name the target's kind? */
function guessed(target: LupusPlayer, guess: string | null): boolean {
  if (guess === 'lupo') return isWolf(target);
  return guess === target.role && (guess === 'dracula' || guess === 'vampiro-progenie');
}

export function necromancyStep(night: Night): void {
  const { state } = night;
  for (const necro of state.players.filter((p) => p.role === 'negromante')) {
    const action = night.stored.get(necro.id, 'necromancy');
    const target = findPlayer(state, field(action, 'target'));
    if (!action || !target || !ready(night, necro, action.type)) continue;
    necro.actedOn.push(target.id); // D-23: carried out, whatever its outcome

    if (action.type === 'raise') {
      const success = !target.alive && (factionOf(target) === 'village' || guessed(target, field(action, 'guess')));
      if (success) {
        const back = resurrect(target);
        if (back) night.dawn.push(back);
      }
      night.events.push({ kind: 'raise-result', to: necro.id, target: target.id, success });
      continue;
    }

    // contact: LUP-7.29, LUP-12.4
    const channel = `spirit-${target.id}`;
    if (!state.spirits.some((s) => s.id === channel && s.necromancer === necro.id)) {
      state.spirits.push({ id: channel, target: target.id, necromancer: necro.id });
    }
    necro.contacts.push(target.id);
    night.events.push({ kind: 'spirit-contact', to: target.id, channel });
    night.events.push({ kind: 'contact-opened', to: necro.id, target: target.id, channel });
  }
}

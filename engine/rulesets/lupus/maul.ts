// Step 10: the pack's maul, the Strega's deflection, the Black Cat's jinx and the Bambina's spy.
import { kill } from './deaths.js';
import type { Night } from './night-context.js';
import { field } from './pending.js';
import type { LupusPlayer } from './state.js';
import { findPlayer, isPack, learn } from './state.js';

export function maulStep(night: Night): void {
  const { state } = night;
  const maul = night.stored.get('pack', 'maul');
  if (!maul) return; // D-33
  const fit = (p: LupusPlayer | undefined) => (p && p.alive && isPack(p) ? p : undefined);
  // LUP-7.21: the mauler if alive, else the backup if alive.
  const performer = fit(findPlayer(state, field(maul, 'mauler'))) ?? fit(findPlayer(state, field(maul, 'backup')));
  const target = findPlayer(state, field(maul, 'target'));

  // LUP-7.22: the victim, through a registered unspent deflection if the target is the Strega.
  let victim: LupusPlayer | undefined;
  if (performer && target?.alive) {
    const deflection = night.deflections[target.id];
    if (target.role === 'strega' && deflection !== undefined && !target.deflectionSpent) {
      target.deflectionSpent = true;
      const onto = findPlayer(state, deflection);
      victim = onto?.alive ? onto : undefined;
    } else {
      victim = target;
    }
  }

  // LUP-7.23
  const victimRole = victim?.role;
  if (victim) {
    const death = kill(state, victim, 'mauled');
    if (death) night.dawn.push(death);
  }
  night.events.push({
    kind: 'maul-result',
    to: 'pack',
    target: field(maul, 'target'),
    mauler: performer?.id ?? null,
    victim: victim?.id ?? null,
  });
  if (!performer) return;

  // LUP-7.24 order: jinx reveal (LUP-7.26, D-37), jinx gain (LUP-7.25, D-16), spy (LUP-7.11).
  if (performer.jinxed && target) {
    night.events.push({ kind: 'jinx-reveal', to: target.id, wolf: performer.id });
    night.events.push({ kind: 'jinx-exposed', to: performer.id, target: target.id });
    learn(target, performer.id, { faction: 'pack' });
  }
  if (victim && victimRole === 'gatto-nero') performer.jinxed = true;
  for (const spy of night.spies) {
    if (!victim || spy.target !== victim.id) continue;
    night.events.push({ kind: 'spy-result', to: spy.girl, target: victim.id, wolf: performer.id });
    night.events.push({ kind: 'spy-exposed', to: performer.id, girl: spy.girl });
    learn(findPlayer(state, spy.girl)!, performer.id, { faction: 'pack' });
    learn(performer, spy.girl, { role: 'bambina' });
  }
}

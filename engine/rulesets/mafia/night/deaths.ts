// MAF-5.8, 7.10, 9.1, 9.3, 9.15, 9.18, 9.19, 9.23: step VI, deaths.
import { hasSpecialty, inTown } from '../state.js';
import type { PlayerState } from '../state.js';
import type { Night } from './context.js';

function dies(night: Night, p: PlayerState): void {
  if (!night.died.includes(p.id)) night.died.push(p.id);
}

/** Step VI: kill attempts per victim in seat order, then poison deaths. */
export function stepDeaths(night: Night): void {
  const seat = (id: string) => night.state.players.findIndex((p) => p.id === id);
  const victims = [...new Set(night.attempts.map((a) => a.victim))].sort((a, b) => seat(a) - seat(b));
  for (const id of victims) {
    const victim = night.player(id);
    const attempts = night.attempts.filter((a) => a.victim === id).sort((a, b) => seat(a.attacker) - seat(b.attacker));
    const healers = night.healers.get(id) ?? [];
    let dead = false;
    let byChecksAlone = false;
    if (night.immortal.has(id)) dead = false;
    else if (attempts.some((a) => a.kind === 'incinerate')) dead = true;
    else if (healers.length) dead = false;
    else {
      // MAF-9.1: one death-avoid check per attempt; the first failure kills.
      byChecksAlone = true;
      for (let i = 0; i < attempts.length && !dead; i++) dead = !night.check(night.stat(victim, 'death-avoid')).ok;
    }
    if (dead) dies(night, victim);
    else {
      for (const healer of [...new Set(healers)]) night.tell({ kind: 'saved-player', to: healer, target: id });
      // MAF-7.10: a guard who survived through death-avoid alone is told how many attempts.
      if (byChecksAlone && hasSpecialty(victim, 'guard', night.at)) night.tell({ kind: 'attacked', to: id, count: attempts.length });
    }
  }
  // MAF-9.3: onset of death at the end of antidote night 2, unless immortal.
  for (const p of night.state.players) {
    if (!inTown(p) || !p.fx.poison || night.died.includes(p.id)) continue;
    if (night.n - p.fx.poison.night < 2) continue;
    if (night.immortal.has(p.id)) {
      p.fx.poison = null;
      night.tell({ kind: 'effect-removed', to: p.id, effect: 'poison' });
    } else dies(night, p);
  }
}

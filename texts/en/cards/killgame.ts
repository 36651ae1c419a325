// English: what every Kill Game item does, when, with which limits (rules/killgame.md §2, §5–§7, §10, §13).
import type { RulesetCards } from '../../cards.js';

const FIREARM = 'Firearm: you hold at most one. Heard in the adjacent zones; never runs out.';
const KNIFE = 'Knife: you hold at most one; without one you punch (1). Silent.';
const ACTION = 'Action phase: it is your attack for that phase.';
const BOMB = 'Action phase, from turn 2: it is your attack for that phase.';
const TACTIC = 'Tactic phase, from turn 2.';
const EXPLOSIVE = 'Explosive: bought in the shop or the market; used up when thrown.';
const WORN = 'Item: worn for one action phase, then used up.';
const OPTION = 'Option: bought once, only in the first-turn shop; never sold in the market.';

const cards: RulesetCards = {
  intro:
    'A battle royale on an island map. Each turn has a tactic phase (move, heal, throw smoke or gas, trade) and an action phase (shoot, stab, bomb, shout). Zones close one by one, monsters roam, and the audience rewards aggression. The last player, or the last team, standing wins; every member of the winning team wins, the dead included. Everyone starts with 25 energy and tokens for the first-turn shop.',
  cards: {
    'sniper-rifle': { does: 'One shot of 3 damage at a target in your zone.', when: ACTION, side: FIREARM, limits: 'A vest halves it.' },
    'machine-gun': {
      does: 'Two shots of 2 damage: two targets in your zone, or one twice.',
      when: ACTION,
      side: FIREARM,
      limits: 'Reloads: after firing it skips the next action phase. A vest halves each hit.',
    },
    shotgun: {
      does: 'One shot of 6 damage at a target in your zone.',
      when: ACTION,
      side: FIREARM,
      limits: 'Reloads: after firing it skips the next action phase. A vest halves it.',
    },
    flamethrower: {
      does: 'One hit of 2 on every target you list in your zone, each at most once.',
      when: ACTION,
      side: FIREARM,
      limits: 'Vests do nothing against it. No reload.',
    },
    crossbow: {
      does: 'One bolt of 2 damage that poisons: 2 more in each of the next two action phases, unless an antidote cures it.',
      when: ACTION,
      side: FIREARM,
      limits: 'Vests do nothing against it. Monsters are not poisoned; several bolts poison once.',
    },
    knife: { does: 'One blow of 1 damage at a target in your zone.', when: ACTION, side: KNIFE, limits: 'A vest stops it.' },
    'ninja-knife': {
      does: 'Two blows of 1 damage: two targets in your zone, or one twice.',
      when: ACTION,
      side: KNIFE,
      limits: 'A vest stops it.',
    },
    'rambo-knife': { does: 'One blow of 3 damage at a target in your zone.', when: ACTION, side: KNIFE, limits: 'A vest stops it.' },
    grenade: {
      does: '7 damage to everyone and every monster in an active zone, your own included: you and your teammates too.',
      when: BOMB,
      side: EXPLOSIVE,
      limits:
        'Only the first two explosives aimed at a zone in a phase go off. Not on the central zone while K rations are on. Vests do not help.',
    },
    c4: {
      does: '9 damage to everyone and every monster in an adjacent zone (never your own).',
      when: BOMB,
      side: EXPLOSIVE,
      limits:
        'Only the first two explosives aimed at a zone in a phase go off. Not on the central zone while K rations are on. Vests do not help.',
    },
    'smoke-grenade': {
      does: 'Smokes your zone or an adjacent one for this turn and the next: inside, nobody sees who is there, and attacks aim at a "presence".',
      when: `${TACTIC} It lands before the moves.`,
      side: EXPLOSIVE,
      limits: 'No damage. A second smoke on the same zone makes the cloud last longer.',
    },
    'gas-canister': {
      does: 'Gasses your zone or an adjacent one for three turns: everyone without a gas mask there, monsters too, loses 3 energy in each action phase.',
      when: TACTIC,
      side: EXPLOSIVE,
      limits: 'Not on the central zone while K rations are on. Never doubled; vests and amulets do nothing.',
    },
    medikit: {
      does: 'Heals 40 % of the missing energy (up to 25): yours, or a player who was in your zone in the last action phase.',
      when: 'Tactic phase, any turn; several per phase.',
      side: 'Item: used up.',
      limits: 'If your zone was smoked, only yourself. Not another player on turn 1.',
    },
    vest: {
      does: 'Knives and fists do nothing to you; sniper rifle, machine gun and shotgun do half.',
      when: 'Action phase, one per phase.',
      side: WORN,
      limits: 'No help against explosives, flamethrower, crossbow, gas or monsters.',
    },
    'gas-mask': { does: 'No gas damage for this action phase.', when: 'Action phase.', side: WORN },
    antidote: {
      does: 'Ends your poisoning before the next poison damage; what you already lost stays lost.',
      when: 'Tactic phase, any turn.',
      side: 'Item: used up.',
      limits: 'Only while you are poisoned.',
    },
    amulet: { does: 'Monsters do not see you for this action phase.', when: 'Action phase.', side: WORN },
    'k-ration': {
      does: 'Food: at the end of every action phase you eat one; without one you lose 2 energy.',
      when: 'Eaten by itself, every action phase.',
      side: 'Item: only when K rations are on; everyone gets 5 free at the start.',
      limits: 'In the central zone you find 3, but you may stay there only one action phase at a time.',
    },
    'gas-launcher': {
      does: 'Your gas canisters can reach any active zone, not only yours or an adjacent one.',
      when: 'Always, once bought.',
      side: OPTION,
    },
    'reinforced-vests': {
      does: 'Every vest of yours, bought or won, stops firearm hits completely.',
      when: 'Always, once bought.',
      side: OPTION,
    },
  },
};

export default cards;

// English: what every Mafia role, specialty and starter-catalog item does (rules/mafia.md §1, §7, catalog).
import type { RulesetCards } from '../../cards.js';

const TOWN = 'Town: wins when no bandit is left in town (all dead, jailed or away).';
const BANDITS =
  'Bandits: win when the bandits in town are at least half of the players in town. Bandits know each other and share a channel.';
const SPECIALTY =
  'A specialty: every player picks one before the start, and nobody else is told, bandit teammates included. After a resurrection it rests for two days and two nights.';
const THING = 'One use, then gone. Things can never be stolen.';
const NIGHT = 'At night, your basic action.';
const NIGHT_INSTANT = 'At night, instant: it takes the instant slot, not the basic one.';
const DAY = 'By day, openly: everyone sees who used it and on whom.';
const PASSIVE = 'Always, while you hold it.';
const TWO = 'Two charges; a Charging Crystal can refill it once.';
const EVERY_OTHER = 'Reloads: usable every other night.';
const UNIQUE = 'Legendary: only one in the game.';

const cards: RulesetCards = {
  intro:
    'By day everyone votes to send one player to jail and may look for a treasure map; by night everyone searches for items, steals, prepares, and uses what he holds. Town wins when no bandit is left in town; the bandits win when they are at least half of those in town. Teams and roles are secret: only the bandits know each other.',
  cards: {
    townsperson: {
      does: 'No special role: votes by day, searches, steals and uses items at night like everyone.',
      when: 'Every phase.',
      side: TOWN,
      limits: 'Any check shows him as town.',
    },
    bandit: {
      does: 'A bandit without specialization: knows the other bandits and talks with them in their channel. A theft from another bandit always succeeds.',
      when: 'Every phase.',
      side: BANDITS,
      limits:
        'With only 2 bandits nobody has a specialization. From 18 players the team has one Destruction per game: it names an item of a player in town and destroys it at dawn.',
    },
    boss: {
      does: 'A bandit who starts with Revolvers: each is one kill attempt at night.',
      when: 'At night.',
      side: BANDITS,
      limits: '2 Revolvers (3 in a large match); he keeps them if jailed and released.',
    },
    blocker: {
      does: "A bandit who starts with Dope Potions: each blocks a player's actions for the current night.",
      when: 'At night, instant.',
      side: BANDITS,
      limits: '2 potions (3 in a large match).',
    },
    poisoner: {
      does: 'A bandit who starts with Poisons: the victim dies at the end of the second night after, unless he is cured.',
      when: 'At night, instant.',
      side: BANDITS,
      limits: '2 poisons (3 in a large match). The victim knows he is poisoned and may look for an antidote.',
    },
    curser: {
      does: 'A bandit who starts with Curse Potions: each gives a player a curse of 33, a chance that any of his successful actions fails.',
      when: 'At night, instant.',
      side: BANDITS,
      limits: '2 potions (3 in a large match). Luck and curse cancel each other.',
    },
    invisible: {
      does: 'A bandit whom every check of his team reads as town.',
      when: 'Always.',
      side: BANDITS,
      limits: 'No starting items. Not the same as the invisibility of a cloak.',
    },
    archaeologist: {
      does: '+10 to find items, plus +10 for every night search failed in a row since his last success. A failed search keeps his search preparation. Once per game he may copy a treasure map held by another player.',
      when: "Night searches; the map copy is a night's basic action.",
      side: SPECIALTY,
      limits: 'The map copy is spent even if the target no longer holds that map.',
    },
    blacksmith: {
      does: '+20 to steal and 30 theft avoidance. He may smelt an item he holds into Things: a relic into a Dope Potion, a rarity into an Elixir of Life or a Poison, an artifact into a Revolver, a legendary into any three of those.',
      when: 'Smelting: at night, in a slot of its own; the item is destroyed at dawn and the Things arrive.',
      side: SPECIALTY,
      limits: 'Things cannot be smelted; not two nights in a row; only he learns of it.',
    },
    guard: {
      does: '30 death avoidance and a vote worth 2. Once per game he may add 1 to his vote for the next day, at the price of no death avoidance that night. If his death avoidance alone saves him, he learns how many attempts there were.',
      when: 'Always; the vote boost at night, instant.',
      side: SPECIALTY,
      limits: 'The boost once per game; the attempts never come with names.',
    },
    mage: {
      does: '25 luck. He may enchant an item he holds with a bonus (theft avoidance, death avoidance, luck, find, theft or vote strength, by rarity) that acts from dawn for whoever holds it.',
      when: 'Enchanting: at night, in a slot of its own.',
      side: SPECIALTY,
      limits: 'Things cannot be enchanted; one enchantment per item, lost when it changes hands; not two nights in a row.',
    },
    revolver: {
      does: 'One kill attempt on another player; his death avoidance or a healing may save him.',
      when: NIGHT,
      limits: `${THING} The boss starts with it.`,
    },
    'dope-potion': {
      does: 'Blocks another player for the current night: his night actions are not carried out.',
      when: NIGHT_INSTANT,
      limits: `${THING} The blocker starts with it.`,
    },
    poison: {
      does: 'Poisons another player: unless cured, he dies at the end of the second night after.',
      when: NIGHT_INSTANT,
      limits: `${THING} A poisoned player cannot be poisoned again.`,
    },
    'curse-potion': {
      does: 'Curses another player with 33: after each of his successful actions, a 33 % chance that it fails.',
      when: NIGHT_INSTANT,
      limits: `${THING} Luck and curse cancel each other.`,
    },
    'elixir-of-life': {
      does: 'Heals any player, yourself included, for the night: no kill attempt lands.',
      when: NIGHT,
      limits: `${THING} It does not cure poison or stop an incineration.`,
    },
    antidote: { does: "Cures a poisoning, yours or another player's.", when: NIGHT, limits: THING },
    megaphone: { does: 'Your vote counts 2 more today.', when: `${DAY} Instant.`, limits: THING },
    gag: { does: "Another player's vote counts 0 today.", when: DAY, limits: `${THING} A blessing may stop it.` },
    'sleeping-draught': {
      does: 'Blocks another player for the next day: his day actions are announced but do not count.',
      when: NIGHT_INSTANT,
      limits: THING,
    },
    'charging-crystal': {
      does: 'Refills every charge of one multi-use item you hold.',
      when: NIGHT_INSTANT,
      limits: `${THING} Each item can be refilled once.`,
    },
    'silver-bullet': {
      does: 'A kill attempt on another player; if he is transformed (a werewolf), it incinerates him instead.',
      when: NIGHT,
      limits: THING,
    },
    'lucky-coin': {
      does: 'Gives any player, yourself included, 15 luck: a failed search, theft, kill, poisoning, check or healing of his own may still succeed.',
      when: NIGHT,
      limits: TWO,
    },
    'guardian-amulet': { does: '+20 death avoidance.', when: PASSIVE, limits: 'Lost with the item.' },
    'holy-water': { does: 'Removes curse and paralysis from any player.', when: NIGHT, limits: TWO },
    'healers-satchel': {
      does: 'Heals another player for the night: no kill attempt lands.',
      when: NIGHT,
      limits: `${EVERY_OTHER} Not on yourself.`,
    },
    'tracker-compass': { does: "+10 to find items. A piece of the Tracker's Gear set.", when: PASSIVE, limits: 'Lost with the item.' },
    'night-ring': { does: "+10 to steal. A piece of the Night King's Regalia set.", when: PASSIVE, limits: 'Lost with the item.' },
    'detective-loupe': {
      does: "Checks another player's team (town or bandit, never the role); only you learn it.",
      when: NIGHT,
      limits: `${EVERY_OTHER} The invisible bandit reads town; an invisible target reads unknown.`,
    },
    'invisibility-cloak': {
      does: "Makes you invisible for the night: other players' effects miss you, thefts fail, checks read unknown.",
      when: NIGHT_INSTANT,
      limits: `${TWO} Poison still kills.`,
    },
    shackles: {
      does: 'Paralyses another player: he can do nothing until a check at a day close frees him.',
      when: NIGHT_INSTANT,
      limits: `${TWO} A blessing may stop it.`,
    },
    'thieves-gloves': { does: '+15 to steal.', when: PASSIVE, limits: 'Lost with the item.' },
    'bear-trap': {
      does: 'A secret trap on another player: the first theft from him fails and the thief is paralysed. You learn who sprang it.',
      when: NIGHT,
      limits: "One use. The thief's blessing may let him through.",
    },
    'tracker-boots': { does: "+20 theft avoidance. A piece of the Tracker's Gear set.", when: PASSIVE, limits: 'Lost with the item.' },
    'night-mantle': {
      does: "+20 blessing: a chance that a harmful effect does not land on you. A piece of the Night King's Regalia set.",
      when: PASSIVE,
      limits: 'No help against kills, thefts, marks or checks.',
    },
    'dowsing-rod': { does: '+20 to find items.', when: PASSIVE, limits: 'Lost with the item.' },
    'salamander-flask': {
      does: 'Incinerates another player: a death that neither death avoidance nor healing stops.',
      when: NIGHT,
      limits: 'One use. Immortality or invisibility still save him.',
    },
    'letter-of-pardon': { does: 'Frees a jailed player at dawn.', when: NIGHT, limits: 'One use.' },
    'werewolf-pelt': {
      does: 'Turns any player into a werewolf: +30 death avoidance and +20 to steal. Used again on its werewolf, it undoes the change.',
      when: `${NIGHT} Every night.`,
      limits: 'One werewolf per pelt at a time. A Silver Bullet incinerates a werewolf.',
    },
    'tracker-spyglass': {
      does: "Checks another player's team; the answer is public at the day close. A piece of the Tracker's Gear set.",
      when: DAY,
      limits: 'Reloads: usable every other day.',
    },
    'phoenix-feather': {
      does: 'Brings a dead player back to town at dawn, on his team, with nothing in hand.',
      when: NIGHT,
      limits: `One use, then destroyed. ${UNIQUE}`,
    },
    'ring-of-immortality': {
      does: 'You cannot die this night, of any cause, poison included.',
      when: NIGHT_INSTANT,
      limits: `Reloads: usable one night in three. ${UNIQUE}`,
    },
    'thieves-moon': {
      does: '−20 theft avoidance for every player in town except its holder.',
      when: PASSIVE,
      limits: `Stops when it leaves its holder. ${UNIQUE}`,
    },
    'book-of-names': {
      does: "Marks another player as named: his death avoidance drops to 0. Each named player who dies gives the book a point; from 2 points its holder's vote counts 2 more.",
      when: NIGHT,
      limits: `${EVERY_OTHER} A blessing does not stop a mark. ${UNIQUE}`,
    },
    'night-crown': { does: "Your vote counts 2 more. A piece of the Night King's Regalia set.", when: PASSIVE, limits: UNIQUE },
  },
};

export default cards;

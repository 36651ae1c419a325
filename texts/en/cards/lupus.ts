// English: what every Lupus role does, when, for whom, within which limits (rules/lupus.md §2–§11).
import type { RulesetCards } from '../../cards.js';

const VILLAGE = 'Village: counts as one human. The Village wins when every wolf, Dracula and the Necromancer are dead.';
const PACK =
  'Pack: counts as one wolf. The Pack wins when living wolves are at least as many as humans and vampires together, and Dracula is dead.';
const PUMPKIN = 'Village: counts as one human. Told only that he is a Zucca Semplice, like every pumpkin.';

const cards: RulesetCards = {
  intro:
    'Nights and days alternate. At night the special roles act in secret; by day everyone votes, and whoever has the most votes at the close dies at the stake. The Village wins when every wolf, Dracula and the Necromancer are dead; the Pack when the living wolves are at least as many as the humans and vampires together and Dracula is dead; the Coven when the living vampires are at least as many as the humans and wolves together. If nobody is left, it is a draw.',
  cards: {
    'veggente-gufato': {
      does: 'Looks at one living player and learns whether he is seen as innocent or shady. With an owl, the answer goes to another living player instead, without naming the seer.',
      when: 'Every night, from night 1.',
      side: VILLAGE,
      limits:
        'Not himself; the owl is neither himself nor the target. "Shady" is not a faction: the Spirito Bianco looks shady too. A right dream or a curse makes it fail.',
    },
    parroco: {
      does: "Blesses one living player: a wolf or a vampire dies at once; anyone else is safe from the bite that night. By day he may also secretly take one vote off a player's tally.",
      when: 'The blessing from night 2; the vote removal in a day or run-off.',
      side: VILLAGE,
      limits:
        'Each power once per game. Not himself for the blessing (himself allowed for the removal). No result is told. A right dream or a curse makes the blessing fail, and it is spent.',
    },
    'spirito-bianco': {
      does: 'Brings one dead player back to life.',
      when: 'Nights, from night 3.',
      side: 'Village: counts as one human, but an investigation sees him as shady.',
      limits:
        'After his second resurrection he dies himself (mysterious death). A right dream or a curse makes it fail; a failed one does not count.',
    },
    'super-medium': {
      does: 'Learns, for every player burnt at the stake the day before, whether he was a wolf. Once per game he may also learn the role of one dead player.',
      when: 'Every night, from night 2.',
      side: VILLAGE,
      limits:
        'The stake report cannot be blocked. The reveal shows the Strega, Bardo and Gatto Nero as Zucca Semplice; a right dream or a curse makes it fail, and it is spent.',
    },
    bambina: {
      does: 'Spies on one living player: if the pack mauls him that night, she learns which wolf did it, and that wolf learns that she saw him.',
      when: 'Nights, from night 2.',
      side: VILLAGE,
      limits:
        "Not herself, not the same player two nights in a row. Nothing if her target is not the maul's victim. A right dream or a curse makes it fail.",
    },
    strega: {
      does: 'Turns one maul aside: if the pack mauls her, the player she chose that night dies instead (a wolf too) and she is spared. Bites and curses never touch her.',
      when: 'She chooses a player every night from night 2; the deflection works once.',
      side: PUMPKIN,
      limits:
        'Only the first maul aimed at her is deflected, and she is never told it is spent. A night without a choice is a night without a deflection.',
    },
    bardo: {
      does: 'Praises one living player: everyone hears it at dawn, and if that player is of the Village he counts as one extra human for the rest of the match, even after a bite.',
      when: 'Any night from night 1, once per game.',
      side: PUMPKIN,
      limits: 'Not himself. A curse makes the praise fail and spends it; praising a non-villager is announced but adds nothing.',
    },
    'gatto-nero': {
      does: "No night action. If the pack mauls him, the wolf who did it is jinxed: every later maul by that wolf is revealed to its target. If he is burnt at the stake, he curses one villager who voted for him or abstained: that player's next real power fails.",
      when: 'When he dies.',
      side: PUMPKIN,
      limits: 'The curse is drawn by lot; if it falls on the Strega it does nothing. Nobody is told of it.',
    },
    'zucca-semplice': {
      does: 'A plain villager with no power. Like every pumpkin he may send a praise and a deflection, which do nothing, so nobody can tell the pumpkins apart.',
      when: 'Votes every day.',
      side: VILLAGE,
      limits: 'His pumpkin actions never have an effect and never give a result.',
    },
    'lupo-mannaro': {
      does: "Hunts with the pack: any wolf chooses the victim of the maul, the wolf who goes out and a backup. Reads and writes the pack's channel.",
      when: 'The maul every night from night 2.',
      side: PACK,
      limits: 'Cannot maul a packmate; immune to the bite. A mauled Gatto Nero jinxes the wolf who went out; the Bambina may see him.',
    },
    'lupo-dell-incubo': {
      does: "A wolf of the pack who also dreams: he names a player and guesses his role; if the guess is right, that player's actions fail for the rest of the night.",
      when: 'The dream every night from night 1; the maul from night 2.',
      side: PACK,
      limits:
        'Not a packmate, not the same player two nights in a row, no pumpkin role as a guess. He is never told if he guessed right. Day actions and the stake report are not blocked.',
    },
    'lupo-segugio': {
      does: 'A wolf of the pack who also learns, every dawn, how many vampires are alive.',
      when: 'Every dawn; the maul from night 2.',
      side: PACK,
      limits: 'A number, never names.',
    },
    'lupo-spirito': {
      does: "A wolf of the pack who keeps reading and writing the pack's channel after his death.",
      when: 'The maul from night 2; the channel for the whole match.',
      side: `${PACK} Dead, he counts for nothing.`,
      limits: 'Dead, he no longer mauls.',
    },
    dracula: {
      does: 'Bites one living player: the victim becomes a Vampiro Progenie, loses his role and his powers and joins the Coven. Dracula learns whether the bite worked.',
      when: 'Nights, from night 2.',
      side: 'Coven: counts as one vampire. The Coven wins when the living vampires are at least as many as the humans and wolves together. While he lives, neither the Village nor the Pack can win.',
      limits: 'Not himself, not a vampire. The bite does nothing on a wolf, the Strega, the Negromante or a player blessed that night.',
    },
    'vampiro-progenie': {
      does: "No power. Made only by Dracula's bite; he learns who his Dracula is.",
      when: 'From the night of the bite.',
      side: 'Coven: counts as one vampire. Living spawn do not stop the Village from winning.',
      limits: 'Never dealt at the start. A praised player stays praised.',
    },
    negromante: {
      does: 'Either raises a dead player (he guesses wolf, Dracula or spawn: a villager always rises, anyone else only on a right guess), or contacts any player and opens a secret spirit channel with him.',
      when: 'Every night from night 1, one of the two.',
      side: 'Alone: counts for no side. He wins with the faction of the last non-villager he contacted; without one he cannot win. The Village cannot win while he lives.',
      limits: 'Never the same player twice, by either power. Immune to bite and curse; a dream naming the Negromante blocks him.',
    },
  },
};

export default cards;

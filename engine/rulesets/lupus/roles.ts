// The role cards of Section 3: faction, what each counts as, how it is seen, what it is told.

export const ROLE_IDS = [
  'veggente-gufato',
  'parroco',
  'spirito-bianco',
  'super-medium',
  'bambina',
  'strega',
  'bardo',
  'gatto-nero',
  'zucca-semplice',
  'lupo-mannaro',
  'lupo-dell-incubo',
  'lupo-segugio',
  'lupo-spirito',
  'dracula',
  'vampiro-progenie',
  'negromante',
] as const;
export type RoleId = (typeof ROLE_IDS)[number];

export type Faction = 'village' | 'pack' | 'coven' | 'lone';
/** LUP-2.1: which side of the parity sums a role adds to. */
export type CountsAs = 'human' | 'wolf' | 'vampire' | 'neutral';
/** LUP-2.3 */
export type SeenAs = 'innocent' | 'shady';

export interface RoleCard {
  faction: Faction;
  countsAs: CountsAs;
  seenAs: SeenAs;
  /** LUP-1.6 / LUP-4.5: the role the player is told. */
  told: RoleId;
}

const card = (faction: Faction, countsAs: CountsAs, seenAs: SeenAs, told: RoleId): RoleCard => ({
  faction,
  countsAs,
  seenAs,
  told,
});

export const ROLES: Record<RoleId, RoleCard> = {
  'veggente-gufato': card('village', 'human', 'innocent', 'veggente-gufato'),
  parroco: card('village', 'human', 'innocent', 'parroco'),
  'spirito-bianco': card('village', 'human', 'shady', 'spirito-bianco'),
  'super-medium': card('village', 'human', 'innocent', 'super-medium'),
  bambina: card('village', 'human', 'innocent', 'bambina'),
  strega: card('village', 'human', 'innocent', 'zucca-semplice'),
  bardo: card('village', 'human', 'innocent', 'zucca-semplice'),
  'gatto-nero': card('village', 'human', 'innocent', 'zucca-semplice'),
  'zucca-semplice': card('village', 'human', 'innocent', 'zucca-semplice'),
  'lupo-mannaro': card('pack', 'wolf', 'shady', 'lupo-mannaro'),
  'lupo-dell-incubo': card('pack', 'wolf', 'shady', 'lupo-dell-incubo'),
  'lupo-segugio': card('pack', 'wolf', 'shady', 'lupo-segugio'),
  'lupo-spirito': card('pack', 'wolf', 'shady', 'lupo-spirito'),
  dracula: card('coven', 'vampire', 'shady', 'dracula'),
  'vampiro-progenie': card('coven', 'vampire', 'shady', 'vampiro-progenie'),
  negromante: card('lone', 'neutral', 'shady', 'negromante'),
};

export function isRoleId(value: unknown): value is RoleId {
  return typeof value === 'string' && (ROLE_IDS as readonly string[]).includes(value);
}

/** LUP-3.1: the roles told `zucca-semplice`. */
export const PUMPKIN_ROLES: readonly RoleId[] = ['zucca-semplice', 'strega', 'bardo', 'gatto-nero'];

/** LUP-3.4, LUP-4.1: the roles the default table holds none of. */
const OUTSIDE_DEFAULT_TABLE: readonly RoleId[] = ['zucca-semplice', 'lupo-mannaro', 'vampiro-progenie'];

/** LUP-4.1 (D-1): the default 13-seat table, one of every other role, in card order. */
export const DEFAULT_TABLE: readonly RoleId[] = ROLE_IDS.filter((role) => !OUTSIDE_DEFAULT_TABLE.includes(role));

/** Roles that may be dealt (LUP-4.2, LUP-16.1): every role but `vampiro-progenie`. */
export const DEALT_ROLES = ROLE_IDS.filter((r) => r !== 'vampiro-progenie') as Exclude<RoleId, 'vampiro-progenie'>[];

/** LUP-7.8 (D-8): dream guesses are every role but the pumpkins. */
export const DREAM_GUESSES: readonly RoleId[] = ROLE_IDS.filter((r) => !PUMPKIN_ROLES.includes(r));

/** LUP-7.28: the Necromancer's guesses. */
export const RAISE_GUESSES = ['lupo', 'dracula', 'vampiro-progenie'] as const;
export type RaiseGuess = (typeof RAISE_GUESSES)[number];

/** LUP-7.13: the Super Medium sees the hidden pumpkins as plain pumpkins. */
export function revealedAs(role: RoleId): RoleId {
  return PUMPKIN_ROLES.includes(role) ? 'zucca-semplice' : role;
}

// The fixed vocabulary of the Mafia spec (MAF-0.1): teams, roles, rarities, specialties, stats.

export const TEAMS = ['town', 'bandits'] as const;
export type Team = (typeof TEAMS)[number];

/** MAF-1.3: specializations, in the order forced dice deal them (MAF-12.6). */
export const SPECIALIZATIONS = ['boss', 'blocker', 'poisoner', 'curser', 'invisible'] as const;
export type Specialization = (typeof SPECIALIZATIONS)[number];

/** MAF-1.6: role ids. */
export const ROLES = ['townsperson', 'bandit', ...SPECIALIZATIONS] as const;
export type RoleId = (typeof ROLES)[number];

/** MAF-7.1 */
export const SPECIALTIES = ['archaeologist', 'blacksmith', 'guard', 'mage'] as const;
export type Specialty = (typeof SPECIALTIES)[number];

/** MAF-0.7: lowest to highest. */
export const RARITIES = ['thing', 'relic', 'rare', 'artifact', 'legendary'] as const;
export type Rarity = (typeof RARITIES)[number];
/** MAF-12.6: the map-rarity order forced dice take first. */
export const RARITIES_HIGH_FIRST: readonly Rarity[] = ['legendary', 'artifact', 'rare', 'relic', 'thing'];

/** MAF-6.1 */
export const STATS = ['vote-strength', 'death-avoid', 'theft-avoid', 'luck', 'curse', 'blessing', 'find-bonus', 'theft-bonus'] as const;
export type StatId = (typeof STATS)[number];
export type StatBlock = Record<StatId, number>;

/** MAF-5.3: effect classes; `block` resolves in step I, the rest in step II in this order. */
export const CLASSES = ['block', 'protect', 'cleanse', 'fortune', 'modify', 'inspect', 'harm', 'restore', 'craft'] as const;
export type EffectClass = (typeof CLASSES)[number];

/** MAF-0.3 */
export type PlayerStatus = 'in-town' | 'jailed' | 'away' | 'dead' | 'removed';

export const SCOPES = ['self', 'others', 'all', 'dead', 'jailed'] as const;
export type Scope = (typeof SCOPES)[number];

/** Team channel (MAF-2.12). */
export const BANDITS = 'bandits';
export const PUBLIC = 'public';

export const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

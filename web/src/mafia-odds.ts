// The chances of a Mafia search or theft, for the page's randomizer: the ruleset's own formulas.
export * from '../../engine/rulesets/mafia/odds.js';

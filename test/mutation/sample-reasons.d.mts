// The types of sample-reasons.mjs.
export declare const NOT_PICKED: string;
export declare const TESTED_BEFORE: string;
export declare const TURNED_AWAY: Set<string>;

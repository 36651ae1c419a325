// Secrets kept in this browser: a player's token and a GM's token per match.
export interface Keys {
  player?: { token: string; id: string; name?: string };
  gm?: string;
  name?: string;
  ruleset?: string;
  /** The server said a substitute took this browser's seat: who holds it now. */
  replacedBy?: string;
  /** A private lobby's invitation code, from the link that opened it (issue 44): sent with the join. */
  invite?: string;
}

const KEY = 'dusk.keys';

function readAll(): Record<string, Keys> {
  try {
    const raw = localStorage.getItem(KEY);
    const parsed = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}

function writeAll(all: Record<string, Keys>): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    /* private mode: tokens live for this page only */
  }
}

export const keysFor = (matchId: string): Keys => readAll()[matchId] ?? {};
export const allKeys = (): Record<string, Keys> => readAll();

export function saveKeys(matchId: string, patch: Partial<Keys>): void {
  const all = readAll();
  all[matchId] = { ...all[matchId], ...patch };
  writeAll(all);
}

export function forgetPlayer(matchId: string): void {
  const all = readAll();
  if (all[matchId]) delete all[matchId].player;
  writeAll(all);
}

/** What a token is: `gm.<secret>` or `<playerId>.<secret>` (the API's token format). */
export function tokenKind(token: string): { kind: 'gm' } | { kind: 'player'; id: string } | null {
  const dot = token.indexOf('.');
  if (dot <= 0 || token.length < 20) return null;
  const head = token.slice(0, dot);
  if (!/^[a-z0-9][a-z0-9-]*$/.test(head)) return null;
  return head === 'gm' ? { kind: 'gm' } : { kind: 'player', id: head };
}

export function pref(name: string, fallback: string): string {
  try {
    return localStorage.getItem(`dusk.${name}`) ?? fallback;
  } catch {
    return fallback;
  }
}

export function setPref(name: string, value: string): void {
  try {
    localStorage.setItem(`dusk.${name}`, value);
  } catch {
    /* ignore */
  }
}

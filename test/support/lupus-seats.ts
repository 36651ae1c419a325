// Lupus tables written on one line, in seat order: `'a b:zucca-semplice w:lupo-mannaro'`.

export interface LupusSeat {
  id: string;
  role: string;
}

/**
 * The seats of `line`, in its order: each id takes the role named after the next colon, so
 * `'a b c:zucca-semplice w x:lupo-mannaro p:parroco'` seats three Zucche, two wolves and a Parroco.
 */
export function seats(line: string): LupusSeat[] {
  const out: LupusSeat[] = [];
  let waiting: string[] = [];
  for (const word of line.trim().split(/\s+/)) {
    const [id, role] = word.split(':') as [string, string | undefined];
    waiting.push(id);
    if (role === undefined) continue;
    out.push(...waiting.map((seat) => ({ id: seat, role })));
    waiting = [];
  }
  if (waiting.length > 0) throw new Error(`seats: no role for ${waiting.join(', ')} in '${line}'`);
  const ids = out.map((s) => s.id);
  if (new Set(ids).size !== ids.length) throw new Error(`seats: an id twice in '${line}'`);
  return out;
}

// Player views as the security boundary: each role sees only what the rules let it know.
import { describe, expect, it } from 'vitest';
import { lupus } from '../../../engine/rulesets/lupus/index.js';
import { hiddenFrom, Match } from './harness.js';
import { table, THIRTEEN } from './fixture.js';

// Neutral ids (p1…p13), so that no player id reads like a role id.
const ROLE_OF = Object.fromEntries(THIRTEEN.map(([, role], i) => [`p${i + 1}`, role]));
const ID = Object.fromEntries(THIRTEEN.map(([name], i) => [name, `p${i + 1}`])) as Record<string, string>;

/** A match played to day-3 with most powers used: contact, owl, bite, maul, reveal, spy, praise. */
function played(): Match {
  const m = new Match(
    Object.entries(ROLE_OF).map(([id, role]) => ({ id, role })),
    { settings: { 'max-abstentions': 10 } },
  );
  m.play([
    [ID.necro!, { type: 'contact', target: ID.girl! }],
    [ID.seer!, { type: 'investigate', target: ID.hound!, owl: ID.priest! }],
    [ID.bard!, { type: 'praise', target: ID.medium! }],
    [ID.nightmare!, { type: 'dream', target: ID.seer!, guess: 'bambina' }],
  ]);
  m.close();
  m.play([
    [ID.seer!, { type: 'vote', target: ID.cat! }],
    [ID.priest!, { type: 'vote', target: ID.cat! }],
  ]);
  m.close();
  m.play([
    [ID.dracula!, { type: 'bite', target: ID.spirit! }],
    [ID.hound!, { type: 'maul', target: ID.seer! }],
    [ID.girl!, { type: 'spy', target: ID.seer! }],
    [ID.medium!, { type: 'reveal', target: ID.cat! }],
    [ID.witch!, { type: 'deflect', target: ID.hound! }],
  ]);
  m.close();
  for (const id of Object.keys(ROLE_OF)) m.act(id, { type: 'post', channel: 'public', text: `hello from ${id}` });
  m.act(ID.necro!, { type: 'post', channel: `spirit-${ID.girl}`, text: 'boo' });
  return m;
}

/** Who each reader may legitimately know (role or faction) at day-2 of `played()`. */
function allowed(reader: string): string[] {
  const pack = [ID.nightmare!, ID.hound!, ID.ghost!];
  if (reader === ID.hound) return [...pack, ID.girl!]; // spy-exposed: the performer learns the girl
  if (pack.includes(reader)) return pack;
  if (reader === ID.spirit) return [ID.dracula!]; // bitten: learns Dracula
  if (reader === ID.dracula) return [ID.spirit!];
  if (reader === ID.girl) return [ID.hound!]; // spy-result names the wolf
  return [];
}

describe('secrecy of the player view', () => {
  const m = played();
  for (const reader of Object.keys(ROLE_OF)) {
    it(`${ROLE_OF[reader]} (${reader}) learns no other role or faction than the rules give`, () => {
      for (const other of Object.keys(ROLE_OF)) {
        if (other === reader || allowed(reader).includes(other)) continue;
        expect([reader, other, hiddenFrom(m, reader, other)]).toEqual([reader, other, true]);
      }
    });
  }

  it('LUP-4.5 pumpkins see zucca-semplice as their role, in the view and every event', () => {
    for (const name of ['witch', 'bard', 'cat']) {
      const id = ID[name]!;
      expect(m.view(id).me).toMatchObject({ role: 'zucca-semplice', faction: 'village' });
      const view = m.view(id);
      const own = JSON.stringify([view.me, view.known, m.seenBy(id).filter((e) => e.to === id)]);
      expect(own).not.toMatch(/strega|bardo|gatto-nero/);
    }
  });

  it('LUP-4.6 the pack sees the pack, and only its members do', () => {
    const pack = [ID.nightmare!, ID.hound!, ID.ghost!];
    for (const id of pack) {
      const known = m.view(id).known;
      for (const mate of pack.filter((p) => p !== id)) expect(known[mate]).toMatchObject({ role: ROLE_OF[mate], faction: 'pack' });
    }
    for (const id of Object.keys(ROLE_OF).filter((p) => !pack.includes(p))) {
      expect(m.seenBy(id).some((e) => e.kind === 'pack-roster' || e.kind === 'maul-result')).toBe(false);
    }
  });

  it('LUP-7.19 the progeny learns his Dracula; Dracula learns his progeny; nobody else', () => {
    expect(m.view(ID.spirit!).me.role).toBe('vampiro-progenie');
    expect(m.view(ID.spirit!).known[ID.dracula!]).toEqual({ role: 'dracula', faction: 'coven' });
    expect(m.view(ID.dracula!).known[ID.spirit!]).toEqual({ role: 'vampiro-progenie', faction: 'coven' });
    expect(m.view(ID.seer!).known[ID.dracula!]).toBeUndefined();
  });

  it('LUP-12.4 the Negromante is anonymous in the spirit chat', () => {
    const girl = ID.girl!;
    const spirit = m.seenBy(girl).filter((e) => e.to === `spirit-${girl}` || e.kind === 'spirit-contact');
    expect(spirit.map((e) => e.kind)).toEqual(['spirit-contact', 'message']);
    expect(spirit[1]).toMatchObject({ from: 'spirit', text: 'boo' });
    expect(JSON.stringify(spirit)).not.toContain(ID.necro!);
    expect(m.view(girl).known[ID.necro!]).toBeUndefined();
  });

  it('LUP-7.14 the owl message does not name the seer', () => {
    const owl = m.seenBy(ID.priest!).find((e) => e.kind === 'owl-message')!;
    expect(owl).toEqual({ kind: 'owl-message', to: ID.priest, target: ID.hound, result: 'shady' });
  });

  it('LUP-10.3 the public view has no roles while the match runs; the GM view has everything', () => {
    expect(JSON.stringify(m.view({ as: 'public' }).players)).not.toMatch(/role/);
    expect(m.view({ as: 'gm' }).state.players).toHaveLength(13);
    expect(lupus.facts(m.state).role![ID.witch!]).toBe('strega');
  });
});

describe('secrecy on a custom table (lupo-mannaro, zucca-semplice)', () => {
  const m = table('p1:zucca-semplice p2:lupo-mannaro p3:zucca-semplice p4:lupo-mannaro p5:bardo p6:zucca-semplice');
  m.play([['p5', { type: 'praise', target: 'p1' }]]);
  m.close();
  m.play([['p1', { type: 'vote', target: 'p3' }]]);
  m.close();
  m.play([['p2', { type: 'maul', target: 'p6' }]]);
  m.close();

  it('zucca-semplice learns nothing about anyone', () => {
    for (const reader of ['p1', 'p3']) {
      expect(m.view(reader).me).toMatchObject({ role: 'zucca-semplice', faction: 'village' });
      expect(m.view(reader).known).toEqual({});
      for (const other of m.state.players.map((p) => p.id).filter((id) => id !== reader)) expect(hiddenFrom(m, reader, other)).toBe(true);
    }
  });

  it('lupo-mannaro knows his pack and nobody else', () => {
    expect(m.view('p2').known).toEqual({ p4: { role: 'lupo-mannaro', faction: 'pack' } });
    for (const other of ['p1', 'p3', 'p5', 'p6']) expect(hiddenFrom(m, 'p2', other)).toBe(true);
    expect(hiddenFrom(m, 'p2', 'p4')).toBe(false);
  });
});

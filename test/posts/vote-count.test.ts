// The vote count in the MafiaScum layout, against posts written by hand: one line per candidate, largest first,
// voters in the order they voted and what the close would do (the ruleset's own tally, decision 13),
// abstentions, not voting, the ruleset's rule, the deadline, changes marked.
import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../engine/core/events.js';
import { seqOf } from '../../engine/core/origin.js';
import { votePost } from '../../functions/service/posts/render.js';
import type { VoteCount } from '../../functions/api/vote-count.js';
import { ballotsOf, countOf } from '../../functions/service/toolkit/votes.js';
import { lupus } from '../../engine/rulesets/lupus/index.js';
import { Match } from '../unit/lupus/harness.js';

const at = (hh: number, mm: number) => Date.UTC(2026, 11, 1, hh, mm);
const origin = (t: number, n: number) => ({ kind: 'submission', at: t, salt: String(n).padStart(6, '0') }) as const;
const seq = (t: number, n: number) => seqOf(origin(t, n), 0);
const cast = (t: number, n: number, voter: string, target: string | null): StoredEvent => ({
  phase: 'day-1',
  seq: seq(t, n),
  origin: origin(t, n),
  event: { to: 'public', kind: 'vote-cast', voter, target },
});
const withdrawn = (t: number, n: number, voter: string): StoredEvent => ({
  phase: 'day-1',
  seq: seq(t, n),
  origin: origin(t, n),
  event: { to: 'public', kind: 'vote-withdrawn', voter },
});

const NAMES = { anna: 'Anna', bruno: 'Bruno', carla: 'Carla', dario: 'Dario', elena: 'Elena', fabio: 'Fabio', gina: 'Gina' };
const LIVING = Object.keys(NAMES);
const EVENTS: StoredEvent[] = [
  cast(at(10, 0), 1, 'anna', 'bruno'),
  cast(at(10, 5), 2, 'gina', 'elena'),
  cast(at(10, 10), 3, 'fabio', 'bruno'),
  cast(at(10, 20), 4, 'dario', 'elena'),
  // The last count was posted at 10:30.
  cast(at(10, 40), 5, 'elena', null),
  cast(at(10, 45), 6, 'dario', 'bruno'),
  withdrawn(at(10, 50), 7, 'fabio'),
  // A private event never reaches the count.
  {
    phase: 'day-1',
    seq: seq(at(10, 55), 8),
    origin: origin(at(10, 55), 8),
    event: { to: 'carla', kind: 'vote-cast', voter: 'carla', target: 'anna' },
  },
];

/** Day 1 of a Lupus table of these seven (two wolves, no Parroco), after a quiet night. */
function dayOne(): Match {
  const m = new Match(
    LIVING.map((id, i) => ({ id, name: NAMES[id as keyof typeof NAMES], role: i === 2 || i === 4 ? 'lupo-mannaro' : 'zucca-semplice' })),
  );
  m.close();
  return m;
}

/** The count exactly as the service computes it for /votes and votes/day-1.json. */
function count(events = EVENTS): VoteCount {
  const { ballots, history } = ballotsOf(events);
  const c = countOf(lupus, dayOne().state, ballots, NAMES)!;
  return { match: 'm1', phase: 'day-1', open: true, deadline: at(19, 0), ...c, history };
}
const match = { id: 'm1', name: 'Friday night', ruleset: 'lupus', timeZone: 'Europe/Rome', url: 'https://dusk.example/#/m/m1' };

describe('vote count layout (LUP-8.2 public ballots, issue 19)', () => {
  it('BBCode in English, changes since the last count marked: new votes bold, moved and withdrawn ones grey', () => {
    expect(
      votePost({ match, votes: count(), since: at(10, 30) }, { lang: 'en', format: 'bbcode' }),
    ).toBe(`[size=150][b]Friday night[/b][/size]

[b]Vote count — Day 1[/b]

[b]Bruno (2)[/b]: Anna, [b]Dario[/b], [color=#7f8c8d][i]Fabio[/i][/color] — [i]to the stake on these votes[/i]
[b]Elena (1)[/b]: Gina, [color=#7f8c8d][i]Dario[/i][/color]
Abstaining (1): [b]Elena[/b]
Not voting (3): Bruno, Carla, Fabio

One vote each; the most votes at the close go to the stake, less a vote a Priest may remove.
Deadline: Tuesday, December 1 at 08:00 PM GMT+1 (Europe/Rome)

[i]Bold: new since the last count; grey: withdrawn or moved.[/i]

[b]Vote history (Europe/Rome)[/b]
[list]
[*]Dec 1, 11:00 AM GMT+1 Anna votes Bruno
[*]Dec 1, 11:05 AM GMT+1 Gina votes Elena
[*]Dec 1, 11:10 AM GMT+1 Fabio votes Bruno
[*]Dec 1, 11:20 AM GMT+1 Dario votes Elena
[*]Dec 1, 11:40 AM GMT+1 Elena abstains
[*]Dec 1, 11:45 AM GMT+1 Dario votes Bruno
[*]Dec 1, 11:50 AM GMT+1 Fabio withdraws
[/list]

[url=https://dusk.example/#/m/m1]Match page: Friday night[/url]
[i]Posted by dusk, the game master that never sleeps.[/i]
`);
  });

  it('Markdown in Italian, without a last count: nothing marked, plurals by the language', () => {
    expect(votePost({ match, votes: count() }, { lang: 'it', format: 'markdown' })).toBe(`## Friday night

**Conta dei voti — Giorno 1**

**Bruno (2)**: Anna, Dario — *al rogo con questi voti*
**Elena (1)**: Gina
Astensioni (1): Elena
Non votanti (3): Bruno, Carla, Fabio

Un voto a testa; chi ha più voti alla chiusura va al rogo, meno un voto che un Parroco può togliere.
Scadenza: martedì 1 dicembre alle ore 20:00 CET (Europe/Rome)

[details="Cronologia dei voti (Europe/Rome)"]
- 1 dic, 11:00 CET Anna vota Bruno
- 1 dic, 11:05 CET Gina vota Elena
- 1 dic, 11:10 CET Fabio vota Bruno
- 1 dic, 11:20 CET Dario vota Elena
- 1 dic, 11:40 CET Elena si astiene
- 1 dic, 11:45 CET Dario vota Bruno
- 1 dic, 11:50 CET Fabio ritira il voto
[/details]

[Pagina della partita: Friday night](<https://dusk.example/#/m/m1>)
*Post scritto da dusk, il master che non dorme mai.*
`);
  });

  it('LUP-8.5 once every ballot is in and no Parroco sits at the table, the count says the stake is certain; a tie under no-lynch says nobody dies', () => {
    const all = [
      ...EVENTS.slice(0, 7),
      cast(at(11, 0), 9, 'bruno', 'elena'),
      cast(at(11, 1), 10, 'carla', 'bruno'),
      cast(at(11, 2), 11, 'fabio', 'bruno'),
    ];
    const ru = votePost({ match, votes: count(all) }, { lang: 'ru', format: 'markdown' });
    expect(ru).toContain(
      '**Bruno (4)**: Anna, Dario, Carla, Fabio — *на костёр при этих голосах (наверняка)*\n**Elena (2)**: Gina, Bruno — *вне опасности (наверняка)*\n',
    );
    expect(ru).toContain('Не голосуют (0): никто');
    const m = new Match(
      LIVING.map((id, i) => ({ id, name: id, role: i === 2 || i === 4 ? 'lupo-mannaro' : 'zucca-semplice' })),
      { settings: { 'tie-rule': 'no-lynch' } },
    );
    m.close();
    const { ballots, history } = ballotsOf(EVENTS.slice(0, 4));
    const tie: VoteCount = {
      match: 'm1',
      phase: 'day-1',
      open: true,
      deadline: null,
      ...countOf(lupus, m.state, ballots, NAMES)!,
      history,
    };
    const en = votePost({ match, votes: tie }, { lang: 'en', format: 'markdown' });
    expect(en).toContain('**Bruno (2)**: Anna, Fabio — *tied: nobody dies*\n**Elena (2)**: Gina, Dario — *tied: nobody dies*');
    expect(en).toContain('On these votes nobody dies.\nOne vote each;');
  });

  it('a candidate every vote left since the last count stays on the count at 0, his lost votes grey', () => {
    const events = [cast(at(9, 0), 1, 'anna', 'carla'), cast(at(11, 0), 2, 'anna', 'bruno')];
    const votes = count(events);
    const post = votePost({ match, votes, since: at(10, 0) }, { lang: 'en', format: 'markdown' });
    expect(post).toContain(
      '**Bruno (1)**: **Anna** — *to the stake on these votes*\n**Carla (0)**: ~~Anna~~\nNot voting (6): Bruno, Carla, Dario, Elena, Fabio, Gina',
    );
  });
});

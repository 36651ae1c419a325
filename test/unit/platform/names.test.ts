// Player names (functions/service/names.ts; ARCHITECTURE.md decision 10): NFC, trimmed, 1–40 characters,
// nothing invisible, something visible, and no two names in a match that look alike (TR39 skeletons,
// folded for compatibility forms and case).
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../functions/service/errors.js';
import { acceptPlayerName, checkPlayerName, NAME_MAX_CHARS, skeletons } from '../../../functions/service/names.js';

const INVISIBLE = 'A name may not contain control, format or invisible characters.';
const LENGTH = 'A name has 1 to 40 characters.';

describe('a player name', () => {
  it('decision 10 is stored in NFC and trimmed', async () => {
    expect(await checkPlayerName('  Anna  ')).toEqual({ ok: true, name: 'Anna' });
    expect(await checkPlayerName('Rene\u0301')).toEqual({ ok: true, name: 'René' });
    expect(await checkPlayerName('Jean Luc')).toEqual({ ok: true, name: 'Jean Luc' });
  });

  it('decision 10 has nothing a reader cannot see: controls, format characters, fillers, other spaces, blank Braille', async () => {
    for (const hidden of [
      '\u200B',
      '\u202E',
      '\u00AD',
      '\u3164',
      '\uFFA0',
      '\u00A0',
      '\u2003',
      '\t',
      '\n',
      '\u2028',
      '\u2029',
      '\u2800',
      '\uFE0F',
      '\uE000',
      '\u0007',
    ]) {
      expect(await checkPlayerName(`An${hidden}na`), JSON.stringify(hidden)).toEqual({
        ok: false,
        code: 'invalid-name',
        message: INVISIBLE,
      });
    }
  });

  it(`decision 10 has 1 to ${NAME_MAX_CHARS} characters, counted as a reader counts them`, async () => {
    expect(NAME_MAX_CHARS).toBe(40);
    expect(await checkPlayerName('a'.repeat(40))).toMatchObject({ ok: true });
    expect(await checkPlayerName('a'.repeat(41))).toEqual({ ok: false, code: 'invalid-name', message: LENGTH });
    expect(await checkPlayerName('🐺'.repeat(40))).toMatchObject({ ok: true });
    expect(await checkPlayerName('🐺'.repeat(41))).toEqual({ ok: false, code: 'invalid-name', message: LENGTH });
    expect(await checkPlayerName('')).toEqual({ ok: false, code: 'invalid-name', message: LENGTH });
    expect(await checkPlayerName('   ')).toEqual({ ok: false, code: 'invalid-name', message: LENGTH });
    expect(await checkPlayerName('x')).toMatchObject({ ok: true, name: 'x' });
  });

  it('decision 10 needs a letter, digit, punctuation or symbol', async () => {
    expect(await checkPlayerName('\u0301\u0301')).toEqual({
      ok: false,
      code: 'invalid-name',
      message: 'A name needs a visible character.',
    });
    for (const name of ['7', '…', '★', 'Ж']) expect(await checkPlayerName(name), name).toMatchObject({ ok: true });
  });

  it('decision 10 may not look like a name already in the match: case, full-width forms, look-alike letters', async () => {
    const taken = { ok: false, code: 'name-taken', message: 'Another player already has that name, or one that looks the same.' };
    expect(await checkPlayerName('anna', ['Bruno', 'Anna'])).toEqual(taken);
    expect(await checkPlayerName('Ａｎｎａ', ['Anna'])).toEqual(taken);
    expect(await checkPlayerName('\u0410nna', ['Anna'])).toEqual(taken);
    expect(await checkPlayerName(' Anna ', ['Anna'])).toEqual(taken);
    expect(await checkPlayerName('Anne', ['Anna', 'Bruno'])).toEqual({ ok: true, name: 'Anne' });
    expect(await checkPlayerName('Anna', [])).toEqual({ ok: true, name: 'Anna' });
  });

  it('decision 10 skeletons fold what looks alike and keep apart what does not', async () => {
    const skeleton = await skeletons();
    expect(skeleton('rn')).toBe(skeleton('m'));
    expect(skeleton('PAOLO')).toBe(skeleton('paolo'));
    expect(skeleton('ﬁore')).toBe(skeleton('fiore'));
    expect(skeleton('paolo')).not.toBe(skeleton('paola'));
    // Case folds down: ß is not "ss", which upper-casing would make it.
    expect(skeleton('Straße')).not.toBe(skeleton('Strasse'));
  });

  it('is accepted as stored, or refused with its reason id', async () => {
    expect(await acceptPlayerName(' Carla ')).toBe('Carla');
    const refusal = async (raw: string, others: string[] = []) =>
      acceptPlayerName(raw, others).then(
        () => null,
        (e: unknown) => e,
      );
    const invalid = await refusal('\u200B');
    expect(invalid).toBeInstanceOf(DomainError);
    expect(invalid).toMatchObject({ reason: 'invalid-name', message: INVISIBLE });
    expect(await refusal('carla', ['Carla'])).toMatchObject({ reason: 'name-taken' });
  });
});

// Whether two names of people look the same on screen. A name is compared by its skeleton (UTS #39,
// Unicode's confusables: `\u0410dmin` with a Cyrillic А, `Adrnin` and `Admin` have one skeleton),
// taken both of the name as written (so `BiII` with capital I's is `Bill`) and of the name case
// folded (so `admin` is `Admin`), after compatibility normalisation and with white space
// collapsed. The mapping is unhomoglyph's copy of Unicode's confusables.txt.
import unhomoglyph from 'unhomoglyph';
import { nameKey } from 'contract';

const skeleton = (text: string): string => unhomoglyph(text.normalize('NFD')).normalize('NFD');

/** The two skeletons of a name: as written, and case folded. */
export function nameSkeletons(name: string): [string, string] {
  const written = name.normalize('NFKC').replace(/\s+/gu, ' ').trim();
  return [skeleton(written), skeleton(nameKey(name))];
}

/** True when `a` and `b` would be taken for the same name. */
export function namesLookAlike(a: string, b: string): boolean {
  const [aWritten, aFolded] = nameSkeletons(a);
  const [bWritten, bFolded] = nameSkeletons(b);
  return aWritten === bWritten || aFolded === bFolded;
}

/** The name as it shows: canonical form, white space collapsed. */
const shown = (name: string): string => name.normalize('NFC').replace(/\s+/gu, ' ').trim();

/**
 * True when `a` and `b` look alike but are spelt differently (`\u0410dmin`, `ADMIN` or `Adrnin`
 * beside `Admin`): a name that imitates another. Two people may share a name spelt the same; the
 * history tells them apart by their e-mail.
 */
export const namesImitate = (a: string, b: string): boolean =>
  shown(a) !== shown(b) && namesLookAlike(a, b);

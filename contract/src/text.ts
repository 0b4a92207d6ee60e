// What text the product stores, in one place: every string of a request is stored in Unicode
// normal form C, names hold no character that shows nothing or turns the text around, and other
// text holds no bidirectional override. The schemas name these rules as string formats
// (`format: 'name'`, `format: 'text'`); the api's validator runs the checks below for them.

/**
 * Bidirectional embeddings, overrides and isolates: they reorder what follows them on screen
 * (`Sam \u202Enimda` shows as "Sam admin"). The plain marks (U+200E, U+200F, U+061C) stay allowed
 * in text, where right-to-left writing needs them.
 */
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;

/**
 * Characters a name must not hold: control characters, format characters (zero-width spaces and
 * joiners, direction marks and overrides, the soft hyphen, tags), every default-ignorable code
 * point (the Hangul fillers U+115F, U+1160, U+3164, U+FFA0 among them), line and paragraph
 * separators, and the blank Braille pattern U+2800, which shows as a space but is none.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** Variation selectors: allowed only right after the visible character they select a form of. */
const VARIATION_SELECTOR = /[\u180B-\u180D\u180F\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;
const NOT_A_BASE = /[\s\p{M}]/u;

/** True when `text` holds a character that a name must not hold (see INVISIBLE). */
export function hasInvisibleCharacter(text: string): boolean {
  const chars = [...text];
  return chars.some((char, index) => {
    if (VARIATION_SELECTOR.test(char)) {
      const before = chars[index - 1];
      return (
        before === undefined ||
        NOT_A_BASE.test(before) ||
        INVISIBLE.test(before) ||
        VARIATION_SELECTOR.test(before)
      );
    }
    return INVISIBLE.test(char);
  });
}

/** True when `text` holds a bidirectional embedding, override or isolate. */
export const hasDirectionControl = (text: string): boolean => DIRECTION_CONTROL.test(text);

/**
 * The string formats of the schemas, as checks: `name` for the names of people, clients,
 * companies and expense types; `text` for other free text (descriptions, reasons), which may keep
 * line breaks.
 */
export const textFormats = {
  name: (value: string): boolean => !hasInvisibleCharacter(value),
  text: (value: string): boolean => !hasDirectionControl(value),
} as const;

/**
 * The key under which two expense type names are the same: compatibility-normalised (NFKC, so a
 * no-break or em space is a space and `ﬁ` is `fi`), case-folded, white space collapsed to one
 * space and trimmed. JavaScript has no full case folding; upper- then lower-casing and the one
 * context-dependent letter (final sigma) make `Straße`, `STRASSE` and `strasse` one key.
 */
export function nameKey(name: string): string {
  return name
    .normalize('NFKC')
    .toUpperCase()
    .toLowerCase()
    .replace(/ς/gu, 'σ')
    .normalize('NFKC')
    .replace(/\s+/gu, ' ')
    .trim();
}

// JSON answers whose money figures are exact number tokens however large, as PostgreSQL writes
// the reports' (docs/decisions/005-money-bounds.md): a sum held exactly (NUMERIC text, or cents
// summed as a bigint) is written as its decimal text, never through a double.

/** A money figure held as its exact decimal text (`100999999999998.99`). */
export class ExactMoney {
  constructor(readonly text: string) {
    if (!/^-?\d+(\.\d+)?$/.test(text)) throw new Error(`not a decimal: ${text}`);
  }
  toJSON(): string {
    return `${MARK}${this.text}`;
  }
}

/** What an ExactMoney writes first: a null character, which no stored text holds. */
const MARK = '\u0000exact:';
const MARKED = /"\\u0000exact:(-?\d+(?:\.\d+)?)"/g;

/** The JSON text of `value`, each ExactMoney in it written as a number token of its text. */
export const exactJson = (value: unknown): string =>
  JSON.stringify(value).replace(MARKED, (_match, text: string) => text);

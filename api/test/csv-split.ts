// Reads a CSV the way a spreadsheet may: split on the separator it picks (comma, semicolon or
// TAB), whether or not it honours the quotes (they only protect against the separator the file
// was written with), and each piece taken as a cell. Used to prove that no piece of the
// product's CSVs is a formula (docs/decisions/010-csv-cells.md).

export const SEPARATORS = [',', ';', '\t'] as const;

/**
 * Every piece a split on `separator` can give: cut at the separator and at line breaks (a lone
 * CR ends a line for some readers, not for others), with the spaces and quotes a reader may pass
 * over at a cell's start left off.
 */
export function csvPieces(csv: string, separator: string): string[] {
  return [/\r\n|\n/, /\r\n|\r|\n/].flatMap((lineBreak) =>
    csv
      .replace(/^\uFEFF/, '')
      .split(lineBreak)
      .flatMap((line) => line.split(separator))
      .map((piece) => piece.replace(/^(?:(?![\t\r\n])[\s"])+/, '')),
  );
}

/** A piece a spreadsheet may run: `= + - @`, or TAB or CR that some skip, first; not a number. */
export const isFormula = (piece: string): boolean =>
  /^[=+\-@\t\r]/.test(piece) && !/^-?\d+(\.\d+)?$/.test(piece);

/** The pieces that would be formulas, under each separator (empty lists when none). */
export function formulaPieces(csv: string): Record<string, string[]> {
  return Object.fromEntries(
    SEPARATORS.map((separator) => [
      JSON.stringify(separator),
      csvPieces(csv, separator).filter(isFormula),
    ]),
  );
}

export const NO_FORMULAS = Object.fromEntries(SEPARATORS.map((s) => [JSON.stringify(s), []]));

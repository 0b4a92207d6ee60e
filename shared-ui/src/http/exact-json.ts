// JSON with exact money. The API writes report totals as exact decimal number tokens of any
// size (docs/decisions/005-money-bounds.md); JSON.parse would turn 100999999999998.99 into the
// nearest double, 100999999999998.98. This reader keeps every number token that a double does
// not give back exactly as its decimal text (a string), and parses everything else as usual.
// money/money.ts takes either form.

/** A JSON string (skipped whole, so digits inside it are left alone) or a number token. */
const TOKEN = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/** Only a token with 16 or more significant digits can miss its double. */
const LONG_NUMBER = /\d[\d.]{15}/;

/** True when `Number(token)` prints back as the token, trailing fraction zeros aside. */
function doubleIsExact(token: string): boolean {
  if (/[eE]/.test(token)) return true; // not money: the server writes none
  const value = Number(token);
  if (value === 0) return true;
  const canonical = token.includes('.') ? token.replace(/\.?0+$/, '') : token;
  return String(value) === canonical;
}

export function parseJson(text: string): unknown {
  if (!LONG_NUMBER.test(text)) return JSON.parse(text);
  return JSON.parse(
    text.replace(TOKEN, (token) =>
      token.startsWith('"') || doubleIsExact(token) ? token : `"${token}"`,
    ),
  );
}

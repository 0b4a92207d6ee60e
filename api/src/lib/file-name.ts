// The name of an uploaded file as it is kept, shown and downloaded: the client's own words, but
// no folders, no control characters (a null character cannot be stored in a PostgreSQL text)
// and no direction overrides that make `photo\u202Efdp.exe` read as `photoexe.pdf`.

/**
 * The last segment of `name` without control or bidirectional-override characters, `fallback`
 * when nothing is left, cut to `maxLength` characters when given.
 */
export function cleanFileName(
  name: string | undefined,
  fallback: string,
  maxLength = Infinity,
): string {
  const base = (name ?? '').normalize('NFC').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  return (clean || fallback).slice(0, maxLength);
}

// Each screen's address: href() writes what readQuery() reads back, the text is encoded as the
// browser's URLSearchParams encodes it, and every screen of remotes.json is described.
import {
  AUDIT_ACTIONS,
  ENTRY_KINDS,
  ENTRY_RECORD_KINDS,
  RECORD_KINDS,
  REMOTES,
  href,
  parseQuery,
  queryText,
  readQuery,
  screens,
  unreadableParams,
} from '../src/index.js';

describe('href', () => {
  it('writes the parameters in the order of the screen, leaving out empty ones', () => {
    expect(
      href('journal', {
        q: 'rent',
        Creditdebit: 'Credit',
        kind: 'income',
        to: '2026-03-31',
        from: '2026-03-01',
        partyId: undefined,
        minAmount: undefined,
      }),
    ).toBe('/Journal?from=2026-03-01&to=2026-03-31&kind=income&Creditdebit=Credit&q=rent');
    expect(href('journal', { q: '' })).toBe('/Journal');
    expect(href('journal')).toBe('/Journal');
    expect(href('yearlyReport', { year: 2026 })).toBe('/YearlyReportPage?year=2026');
    expect(href('clientLedger', { clientId: 7, startDate: '1900-01-01' })).toBe(
      '/ClientLedgerPage?clientId=7&startDate=1900-01-01',
    );
  });

  it('encodes special characters exactly as URLSearchParams does', () => {
    const texts = [
      'a b&c=d',
      '50% + tax',
      "O'Brien (old) ~ !",
      'Café ☕ #1?',
      'a/b\\c',
      '\u{1F600}',
    ];
    for (const q of texts) {
      const expected = new URLSearchParams({ q }).toString();
      expect(queryText('journal', { q })).toBe(expected);
    }
  });

  it('writes a lone surrogate as U+FFFD rather than failing', () => {
    expect(queryText('journal', { q: 'x\uD800y' })).toBe(
      new URLSearchParams({ q: 'x\uFFFDy' }).toString(),
    );
  });
});

describe('readQuery', () => {
  it('reads back what href wrote, typed', () => {
    const query = {
      from: '2026-01-01',
      to: '2026-12-31',
      kind: 'salary',
      partyId: 42,
      Creditdebit: 'Debit',
      minAmount: 0,
      maxAmount: 1500.25,
      q: 'a+b & c=d 100%',
      after: '2026-05-10_10',
    } as const;
    const address = href('journal', query);
    expect(readQuery('journal', address.slice(address.indexOf('?')))).toEqual(query);
    expect(readQuery('journal', new URLSearchParams(address.split('?')[1]))).toEqual(query);
  });

  it('reads the activity filters, record and audit names', () => {
    expect(
      readQuery(
        'activity',
        '?who=3&kind=entry:income&action=reverse&from=2026-11-01&record=0099&before=12',
      ),
    ).toEqual({
      who: 3,
      kind: 'entry:income',
      action: 'reverse',
      from: '2026-11-01',
      record: '0099',
      before: 12,
    });
  });

  it('leaves out empty values, unknown parameters and text that is not a value of its type', () => {
    const search =
      '?from=&to=2026-02-30x&kind=loan&partyId=0&minAmount=1e3&maxAmount=-5&q=&after=a%2Bb&other=1';
    expect(readQuery('journal', search)).toEqual({});
    expect(unreadableParams('journal', search)).toEqual([
      'to',
      'kind',
      'partyId',
      'minAmount',
      'maxAmount',
      'after',
    ]);
    expect(readQuery('activity', '?action=reversal&kind=entry&who=abc')).toEqual({});
    expect(readQuery('yearlyReport', '?year=1899')).toEqual({});
    expect(readQuery('yearlyReport', '?year=2026')).toEqual({ year: 2026 });
  });

  it('takes the first of a repeated parameter, a + as a space and a stray % as typed', () => {
    expect(parseQuery('?q=a+b&q=c').get('q')).toBe('a b');
    expect(parseQuery('q=100%').get('q')).toBe('100%');
    expect(parseQuery('flag').get('flag')).toBe('');
    expect(parseQuery('').get('q')).toBeNull();
  });

  it('keeps dates as days and amounts to the cent; the entry forms take nothing from it', () => {
    expect(
      readQuery('clientLedger', '?startDate=2024-02-29&endDate=2024-03-31&clientId=5'),
    ).toEqual({ startDate: '2024-02-29', endDate: '2024-03-31', clientId: 5 });
    // A correction is made in the Journal's dialog: no form opens filled from its address.
    expect(readQuery('income', '?date=2024-02-29&amount=0012.50&partyId=5')).toEqual({});
    expect(readQuery('journal', '?minAmount=12.345')).toEqual({});
    expect(readQuery('journal', '?minAmount=12.34')).toEqual({ minAmount: 12.34 });
    // Typed with thousands separators, as the amount input shows them.
    expect(readQuery('journal', '?minAmount=1%2C234%2C567.50')).toEqual({ minAmount: 1234567.5 });
    expect(readQuery('journal', '?minAmount=12%2C50')).toEqual({});
  });
});

describe('screens', () => {
  it('describes every screen the remotes expose, at the same path', () => {
    const described = new Set(Object.values(screens).map((screen) => screen.path));
    for (const remote of REMOTES)
      for (const screen of remote.screens) expect(described).toContain(screen.path);
  });

  it("describes no screen that is neither a remote's nor the shell's own", () => {
    const exposed = new Set(
      REMOTES.flatMap((remote) => remote.screens.map((screen) => screen.path)),
    );
    const shellOwn = new Set<string>([screens.dashboard.path, screens.account.path]);
    for (const screen of Object.values(screens))
      expect(exposed.has(screen.path) || shellOwn.has(screen.path)).toBe(true);
    expect(new Set(Object.values(screens).map((screen) => screen.path)).size).toBe(
      Object.keys(screens).length,
    );
  });

  it('names each entry kind as a record kind of the audit log', () => {
    for (const kind of ENTRY_KINDS) expect(RECORD_KINDS).toContain(ENTRY_RECORD_KINDS[kind]);
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
  });
});

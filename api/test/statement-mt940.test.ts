// MT940 read as people read it (issues 39 and 42): amounts with more than two decimals refused as
// OFX and CAMT.053 refuse them; UTF-8 and Windows-1252 narratives read as written; the :86:
// sub-fields (?20..?29 with ?32/?33 names, Triodos' >20.., ABN AMRO's /TRTP/.../REMI/...) joined
// into readable text, words cut by a sub-field's width made whole again.
import iconv from 'iconv-lite';
import { statementMessages as sm } from 'contract';
import { rows, setupDatabase, type TestContext } from './helpers.js';
import { bankOffice, sendStatement } from './fixtures.js';

const db = await setupDatabase();
let ctx: TestContext;
let staff: string;
let bank: number;
afterAll(() => db.close());

beforeEach(async () => {
  ({ ctx, staff, bank } = await bankOffice(db, {
    name: 'Triodos',
    openingBalance: 0,
    currency: 'EUR',
  }));
});

async function send(kind: 'preview' | 'import', file: Buffer | string) {
  const response = await sendStatement(ctx, staff, bank, 'statement.sta', file, {
    preview: kind === 'preview',
  });
  return { status: response.statusCode, body: response.json() };
}

/** One statement of EUR lines: each `[:61: line, :86: lines]`. */
const statement = (lines: [string, string][]) =>
  ':20:STMT1\r\n:25:NL91TRIO0123456789\r\n:28C:1/1\r\n:60F:C260101EUR1000,00\r\n' +
  lines.map(([line, info]) => `:61:${line}\r\n:86:${info}\r\n`).join('') +
  '-\r\n';

const descriptions = async () =>
  (
    await rows<{ description: string }>(ctx, 'SELECT description FROM statement_lines ORDER BY id')
  ).map((row) => row.description);

test('an amount with three decimals is refused naming its line, at the preview and the import', async () => {
  const file = statement([
    ['2601050105C10,00NTRFNONREF', 'Fine'],
    ['2601060106D5,005NTRFNONREF', 'Three decimals'],
  ]);
  for (const kind of ['preview', 'import'] as const)
    expect(await send(kind, file)).toEqual({
      status: 400,
      body: expect.objectContaining({ message: sm.tooManyDecimals(7, '5,005') }),
    });
  expect(await rows(ctx, 'SELECT * FROM statement_lines')).toEqual([]);
  // Two decimals, one, none ("5,") are amounts.
  const fine = statement([
    ['2601050105C10,25NTRFNONREF', 'A'],
    ['2601060106D5,5NTRFNONREF', 'B'],
    ['2601070107D5,NTRFNONREF', 'C'],
  ]);
  expect((await send('import', fine)).status).toBe(201);
  expect(
    (
      await rows<{ amount: string }>(
        ctx,
        'SELECT amount::text AS amount FROM statement_lines ORDER BY id',
      )
    ).map((row) => row.amount),
  ).toEqual(['10.25', '-5.50', '-5.00']);
});

test('UTF-8 and Windows-1252 narratives are read as written', async () => {
  const text = statement([['2601050105D12,50NTRFNONREF', 'Café Müller Straße']]);
  expect((await send('import', Buffer.from(text, 'utf8'))).status).toBe(201);
  const cp1252 = statement([['2601060106D7,00NTRFNONREF', 'Bäckerei Größe – Grüße']]);
  expect((await send('import', iconv.encode(cp1252, 'win1252'))).status).toBe(201);
  expect(await descriptions()).toEqual(['Café Müller Straße', 'Bäckerei Größe – Grüße']);
});

test('German ?20..?29 sub-fields: the name and the purpose, SEPA keywords dropped, cut words whole', async () => {
  const info =
    '166?00SEPA-UEBERWEISUNG?109310?20EREF+INV-2026-7\r\n' +
    '?21SVWZ+Rechnung 26-7 Beratung?22sleistung Januar\r\n' +
    '?30DEUTDEFF?31DE89370400440532013000?32Max Mustermann Consulting G?33mbH';
  expect((await send('import', statement([['2601050105C1500,00NTRFNONREF', info]]))).status).toBe(
    201,
  );
  // ?21 is 27 characters: "Beratung" + "sleistung" is one word; ?32 (27) and ?33 one name.
  expect(await descriptions()).toEqual([
    'Max Mustermann Consulting GmbH Rechnung 26-7 Beratungsleistung Januar',
  ]);
});

test("Triodos' >20.. sub-fields, a code inside a word (KOS>21TEN) and pieces cut by their width", async () => {
  const lines: [string, string][] = [
    ['260105D11,98NBA NONREF', '000>100000000000\r\n>20BANK KOS>21TEN DECEMBER\r\n>310123456789'],
    [
      '260106D25,00NBA NONREF',
      '000>100000000000\r\n>20ALBERT HEIJN 1234 - AMSTERD>21AM - PAS 12\r\n>22CONTACTLOOS\r\n>310123456789',
    ],
  ];
  expect((await send('import', statement(lines))).status).toBe(201);
  expect(await descriptions()).toEqual([
    'BANK KOSTEN DECEMBER',
    'ALBERT HEIJN 1234 - AMSTERDAM - PAS 12 CONTACTLOOS',
  ]);
});

test("ABN AMRO's /TRTP/.../NAME/.../REMI/... : the name and the remittance text", async () => {
  const lines: [string, string][] = [
    [
      '2601050105D120,00N658NONREF',
      '/TRTP/SEPA OVERBOEKING/IBAN/NL44RABO0123456789/BIC/RABONL2U/NAME/\r\n' +
        'J. JANSEN/REMI/HUUR JANUARI 2026 APPARTEMENT/EREF/NOTPROVIDED',
    ],
    ['2601060106D2,50N426NONREF', '/TRTP/BETAALPAKKET/REMI/KOSTEN BETAALREKENING'],
    ['2601070107C9,00N426NONREF', '/TRTP/RENTE/EREF/NOTPROVIDED'],
  ];
  expect((await send('import', statement(lines))).status).toBe(201);
  expect(await descriptions()).toEqual([
    'J. JANSEN HUUR JANUARI 2026 APPARTEMENT',
    'KOSTEN BETAALREKENING',
    'RENTE',
  ]);
});

test('free text over several lines: a full 65-character line goes on without a space', async () => {
  const first = 'BETALING AAN WONINGSTICHTING DE WOONPLAATS VOOR HUUR EN SERVICEKO'; // 65
  expect(first).toHaveLength(65);
  const file = statement([
    ['2601050105D800,00NTRFNONREF', `${first}\r\nSTEN JANUARI\r\nKENMERK 12`],
  ]);
  expect((await send('import', file)).status).toBe(201);
  expect(await descriptions()).toEqual([
    'BETALING AAN WONINGSTICHTING DE WOONPLAATS VOOR HUUR EN SERVICEKOSTEN JANUARI KENMERK 12',
  ]);
});

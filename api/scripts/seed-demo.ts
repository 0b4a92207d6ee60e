// npm run seed:demo: fills the configured database (DATABASE_URL, else PGlite in DATA_DIR, as
// the server) with realistic demo data for a first look: clients, employees, expense types and
// a year of entries up to today. Runs the migrations and creates the first admin like a server
// start. Does nothing when the database already holds clients, employees, expense types or
// entries, so running it twice is safe.
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { nameKey, type EntryKind } from 'contract';
import { configFromEnv } from '../src/config.js';
import { openDatabase, type Db } from '../src/db/index.js';
import { DataDirectoryInUse } from '../src/db/data-dir-lock.js';
import { addDays, todayIn } from '../src/lib/dates.js';
import { ensureFirstAdmin } from '../src/repositories/users.js';
import { seededRandom } from '../src/lib/random.js';

const CLIENTS: [name: string, company: string][] = [
  ['Ayesha Khan', 'Crescent Textiles'],
  ['Bilal Ahmed', 'Indus Logistics'],
  ['Sara Malik', 'Margalla Foods'],
  ['Omar Siddiqui', 'Ravi Engineering'],
  ['Hina Qureshi', 'Blue Lotus Interiors'],
  ['Usman Tariq', 'Karakoram Traders'],
  ['Fatima Noor', 'Noor Pharmaceuticals'],
  ['Daniel Brooks', 'Brookside Consulting'],
  ['Maria Gonzalez', 'Sol Imports'],
  ['Kamran Yousaf', 'Yousaf & Sons'],
  ['Zainab Raza', 'Raza Architects'],
  ['Imran Sheikh', 'Sheikh Steel Works'],
  ['Nadia Hussain', 'Lahore Fashion House'],
  ['Peter Clarke', 'Clarke Digital'],
  ['Asma Javed', 'Javed Printing Press'],
  ['Hamza Farooq', 'Farooq Motors'],
  ['Sana Iqbal', 'Iqbal Solar Energy'],
  ['Ali Haider', 'Haider Agro'],
  ['Emily Carter', 'Carter Education Services'],
  ['Rashid Mehmood', 'Mehmood Builders'],
  ['Mehwish Anwar', 'Anwar Medical Centre'],
  ['Tariq Aziz', 'Aziz Electronics'],
  ['Lucy Chen', 'Jade Software'],
  ['Farhan Ali', 'Green Valley Dairy'],
  ['Rabia Saleem', 'Saleem Travel & Tours'],
];

const EMPLOYEES = [
  'Ahmed Raza',
  'Sadia Parveen',
  'Waqas Ali',
  'Noman Akhtar',
  'Mariam Saeed',
  'Junaid Khan',
  'Amna Bashir',
  'Faisal Mehmood',
  'Kiran Shahid',
  'Adeel Abbas',
  'Saima Rafiq',
  'Hassan Jamil',
  'Iqra Nadeem',
  'Shoaib Akram',
  'Lubna Zafar',
];

/** Expense types with a monthly pattern: how many entries and the range of each amount. */
const EXPENSE_TYPES: {
  name: string;
  perMonth: [number, number];
  amount: [number, number];
  descriptions: string[];
  suspended?: boolean;
}[] = [
  { name: 'Office Rent', perMonth: [1, 1], amount: [250000, 250000], descriptions: ['Rent'] },
  {
    name: 'Electricity',
    perMonth: [1, 1],
    amount: [38000, 96000],
    descriptions: ['Electricity bill'],
  },
  { name: 'Internet', perMonth: [1, 1], amount: [12500, 12500], descriptions: ['Fibre line'] },
  {
    name: 'Office Supplies',
    perMonth: [1, 4],
    amount: [1800, 24000],
    descriptions: ['Printer paper and toner', 'Stationery', 'Files and folders', 'Whiteboard'],
  },
  {
    name: 'Tea & Refreshments',
    perMonth: [2, 5],
    amount: [1500, 9500],
    descriptions: ['Tea, milk and sugar', 'Biscuits', 'Water bottles', 'Lunch for a meeting'],
  },
  {
    name: 'Travel',
    perMonth: [0, 3],
    amount: [4000, 85000],
    descriptions: ['Client visit', 'Train tickets', 'Fuel', 'Airfare for a site visit'],
  },
  {
    name: 'Repairs & Maintenance',
    perMonth: [0, 2],
    amount: [2500, 45000],
    descriptions: ['Air conditioner service', 'Plumbing', 'Laptop repair', 'Furniture repair'],
  },
  {
    name: 'Software Subscriptions',
    perMonth: [1, 2],
    amount: [6000, 32000],
    descriptions: ['Accounting software', 'Office suite licences', 'Cloud storage'],
  },
  {
    name: 'Cleaning',
    perMonth: [1, 1],
    amount: [18000, 18000],
    descriptions: ['Cleaning service'],
  },
  {
    name: 'Newspaper Advertising',
    perMonth: [0, 2],
    amount: [15000, 60000],
    descriptions: ['Classified advert', 'Half-page advert'],
    suspended: true,
  },
];

/** A small deterministic generator, so that every seeded database looks alike. */
function random(seed: number) {
  const base = seededRandom(seed);
  return {
    ...base,
    /** An amount in [min, max] rounded to a whole 50 (invoices) or to the rupee. */
    amount: (min: number, max: number, step = 1) =>
      (Math.round((min + base.next() * (max - min)) / step) * step).toFixed(2),
  };
}

interface EntryRow {
  kind: EntryKind;
  client_id: number | null;
  employee_id: number | null;
  expense_type_id: number | null;
  party_name: string;
  amount: string;
  credit_debit: 'Credit' | 'Debit';
  description: string;
  entry_date: string;
  created_at: string;
  created_by: number;
}

const slug = (name: string) => name.toLowerCase().replace(/[^a-z]+/g, '.');
const monthName = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** A logger with the two calls ensureFirstAdmin makes, printing plain lines. */
const consoleLogger = {
  info: (fields: { email?: string }, message: string) =>
    console.log(
      fields.email && !message.includes(fields.email) ? `${message} ${fields.email}` : message,
    ),
  warn: (_fields: unknown, message: string) => console.log(message),
} as unknown as FastifyBaseLogger;

async function counts(db: Db) {
  const { rows } = await sql<{
    clients: number;
    employees: number;
    expense_types: number;
    entries: number;
  }>`SELECT (SELECT count(*) FROM clients)::int AS clients,
            (SELECT count(*) FROM employees)::int AS employees,
            (SELECT count(*) FROM expense_types)::int AS expense_types,
            (SELECT count(*) FROM entries)::int AS entries`.execute(db);
  return rows[0] as NonNullable<(typeof rows)[0]>;
}

async function main(): Promise<void> {
  const config = configFromEnv();
  if (config.databaseUrl) {
    console.log('Seeding the PostgreSQL database at DATABASE_URL.');
  } else {
    console.log(`Seeding the embedded database in ${config.dataDir}.`);
  }
  const database = await openDatabase(config);
  try {
    const { db } = database;
    await ensureFirstAdmin(db, config, consoleLogger);

    const before = await counts(db);
    if (before.clients + before.employees + before.expense_types + before.entries > 0) {
      console.log(
        `The database already has data (${before.clients} clients, ${before.employees} employees, ` +
          `${before.expense_types} expense types, ${before.entries} entries): nothing seeded.`,
      );
      return;
    }

    const today = todayIn(config.timeZone);
    const first = addDays(`${Number(today.slice(0, 4)) - 1}${today.slice(4)}`, 1);
    const rng = random(20240601);
    const admin = await db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .orderBy('id')
      .executeTakeFirstOrThrow();

    await db.transaction().execute(async (tx) => {
      const clients = await tx
        .insertInto('clients')
        .values(
          CLIENTS.map(([name, company]) => ({
            name,
            email: `${slug(name)}@${slug(company).replace(/\.+$/, '')}.example`,
            company_name: company,
          })),
        )
        .returning(['id', 'name'])
        .execute();
      const employees = await tx
        .insertInto('employees')
        .values(
          EMPLOYEES.map((name, index) => ({
            name,
            email: `${slug(name)}@office.example`,
            number: `0300${String(4512301 + index * 7919).padStart(7, '0')}`,
          })),
        )
        .returning(['id', 'name'])
        .execute();
      const types = await tx
        .insertInto('expense_types')
        .values(
          EXPENSE_TYPES.map((type) => ({
            expancetype: type.name,
            name_key: nameKey(type.name),
            status: 'Active' as const,
          })),
        )
        .returning(['id', 'expancetype'])
        .execute();

      const entries: EntryRow[] = [];
      const at = (day: string) =>
        `${day} ${String(rng.int(9, 17)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}`;
      const add = (
        kind: EntryKind,
        party: { id: number; name: string },
        day: string,
        amount: string,
        creditDebit: 'Credit' | 'Debit',
        description: string,
      ) => {
        if (day < first || day > today) return;
        entries.push({
          kind,
          client_id: kind === 'income' ? party.id : null,
          employee_id: kind === 'salary' ? party.id : null,
          expense_type_id: kind === 'expense' ? party.id : null,
          party_name: party.name,
          amount,
          credit_debit: creditDebit,
          description,
          entry_date: day,
          created_at: at(day),
          created_by: admin.id,
        });
      };

      // Month by month, from the month a year ago through the current one.
      const salaries = employees.map(() => rng.int(9, 36) * 5000);
      const activity = clients.map(() => rng.next());
      let invoiceNumber = 1000;
      for (let month = `${first.slice(0, 7)}-01`; month <= today;) {
        const [year, mon] = month.split('-').map(Number) as [number, number];
        const lastDay = new Date(Date.UTC(year, mon, 0)).getUTCDate();
        const day = (d: number) =>
          `${month.slice(0, 8)}${String(Math.min(d, lastDay)).padStart(2, '0')}`;

        employees.forEach((employee, index) => {
          add(
            'salary',
            employee,
            day(lastDay),
            (salaries[index] ?? 50000).toFixed(2),
            'Credit',
            `Salary ${monthName(month)}`,
          );
        });

        clients.forEach((client, index) => {
          const invoices = rng.next() < (activity[index] ?? 0.5) ? rng.int(1, 3) : 0;
          for (let i = 0; i < invoices; i++) {
            const invoiceDay = day(rng.int(1, 26));
            const amount = rng.amount(15000, 450000, 50);
            const invoice = `INV-${year}-${++invoiceNumber}`;
            add('income', client, invoiceDay, amount, 'Debit', `Invoice ${invoice}`);
            // Most invoices are paid within a few weeks, some in two parts, a few not yet.
            const paid = rng.next();
            if (paid < 0.7) {
              add(
                'income',
                client,
                addDays(invoiceDay, rng.int(5, 40)),
                amount,
                'Credit',
                `Payment for ${invoice}`,
              );
            } else if (paid < 0.88) {
              const part = (Math.round(Number(amount) * 0.5 * 100) / 100).toFixed(2);
              const rest = (Number(amount) - Number(part)).toFixed(2);
              const firstPayment = addDays(invoiceDay, rng.int(5, 20));
              add('income', client, firstPayment, part, 'Credit', `Part payment for ${invoice}`);
              add(
                'income',
                client,
                addDays(firstPayment, rng.int(10, 35)),
                rest,
                'Credit',
                `Balance for ${invoice}`,
              );
            }
          }
        });

        EXPENSE_TYPES.forEach((type, index) => {
          const row = types[index];
          if (!row) return;
          // The suspended type was used in the first months only.
          if (type.suspended && month > addDays(first, 120)) return;
          const times = rng.int(type.perMonth[0], type.perMonth[1]);
          for (let i = 0; i < times; i++) {
            const amount =
              type.amount[0] === type.amount[1]
                ? type.amount[0].toFixed(2)
                : rng.amount(type.amount[0], type.amount[1]);
            add(
              'expense',
              { id: row.id, name: row.expancetype },
              day(type.perMonth[1] === 1 ? 5 : rng.int(1, 28)),
              amount,
              'Credit',
              rng.pick(type.descriptions),
            );
          }
        });

        month = `${mon === 12 ? year + 1 : year}-${String((mon % 12) + 1).padStart(2, '0')}-01`;
      }

      entries.sort((a, b) => a.created_at.localeCompare(b.created_at));
      for (let i = 0; i < entries.length; i += 500) {
        await tx
          .insertInto('entries')
          .values(entries.slice(i, i + 500))
          .execute();
      }

      const suspended = EXPENSE_TYPES.filter((type) => type.suspended).map((type) => type.name);
      await tx
        .updateTable('expense_types')
        .set({ status: 'Suspended' })
        .where('expancetype', 'in', suspended)
        .execute();
    });

    const after = await counts(db);
    const { rows } = await sql<{ kind: string; credit_debit: string; total: string }>`
      SELECT kind, credit_debit, sum(total)::text AS total FROM entry_daily_current
      GROUP BY kind, credit_debit ORDER BY kind, credit_debit`.execute(db);
    console.log(
      `Seeded ${after.clients} clients, ${after.employees} employees, ${after.expense_types} ` +
        `expense types (1 Suspended) and ${after.entries} entries from ${first} to ${today}:`,
    );
    for (const row of rows) console.log(`  ${row.kind} ${row.credit_debit}: ${row.total}`);
    console.log(`Sign in as ${config.adminEmail}.`);
  } finally {
    await database.close();
  }
}

await main().catch((error: unknown) => {
  console.error(error instanceof DataDirectoryInUse ? error.message : error);
  process.exit(1);
});

// The statement `npm run bench:reconcile` reconciles, put in through the API as a client would: a
// new bank account, the clients and expense types of its lines, an entry recorded for each of 20
// lines (10 receipts, 10 payments, on the line's day or the day before), and the 30-line CSV
// statement imported. The 4 transfers with Cash, the 3 bank charges and the 3 new receipts have
// nothing recorded: the bench books them from their rows.

export interface BenchLine {
  kind: 'suggested' | 'transfer' | 'charge' | 'new';
  date: string;
  amount: number;
  description: string;
  /** What its picker should hold when it is booked: the other account, or the Book to choice. */
  bookTo: string;
}

export interface BenchStatement {
  accountId: number;
  lines: BenchLine[];
  lastDay: string;
  closingBalance: string;
}

type Call = <T>(method: string, route: string, body?: unknown) => Promise<T>;

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const now = new Date();
const daysAgo = (days: number) =>
  iso(new Date(now.getFullYear(), now.getMonth(), now.getDate() - days));
const cents = (amount: number) => Math.round(amount * 100);

const CLIENTS = ['Hamid Foods', 'Karachi Motors', 'Lahore Looms', 'Quetta Fruit', 'Sialkot Sports'];
const NEW_CLIENTS = ['Acme Traders', 'Zaman Builders', 'Noor Textiles'];
const TYPES = ['Stationery', 'Electricity', 'Internet', 'Cleaning', 'Couriers'];
const OPENING = 250000;

export async function statementOf(call: Call, url: string, token: string): Promise<BenchStatement> {
  const accountId = (
    await call<{ account: { id: number } }>('POST', '/accounts', {
      name: 'Bench bank',
      kind: 'Bank',
      bankName: 'Bench Bank',
      last4: '3030',
      openingBalance: OPENING,
      openingDate: daysAgo(45),
    })
  ).account.id;
  const clientIds = new Map<string, number>();
  for (const name of [...CLIENTS, ...NEW_CLIENTS]) {
    const { user } = await call<{ user: { id: number } }>('POST', '/clients/addClient', {
      name,
      email: `${name.toLowerCase().replace(/ /g, '.')}@bench.local`,
      companyName: `${name} Ltd`,
    });
    clientIds.set(name, user.id);
  }
  for (const name of TYPES) await call('POST', '/expance/addexpancetype', { expancetype: name });
  const { users: types } = await call<{ users: Array<{ id: number; expancetype: string }> }>(
    'GET',
    '/expance/getExpancetype',
  );
  const typeId = (name: string) => types.find((type) => type.expancetype === name)!.id;

  const lines: BenchLine[] = [];
  // 30 lines over 30 days, the last one 3 days ago; each kind spread over the month.
  const kinds: BenchLine['kind'][] = Array.from({ length: 30 }, () => 'suggested');
  for (const at of [3, 11, 17, 26]) kinds[at] = 'transfer';
  for (const at of [5, 15, 29]) kinds[at] = 'charge';
  for (const at of [9, 20, 24]) kinds[at] = 'new';
  let receipts = 0;
  let payments = 0;
  let transfers = 0;
  for (const [index, kind] of kinds.entries()) {
    const date = daysAgo(32 - index);
    const no = `L${pad(index + 1)}`;
    if (kind === 'suggested') {
      if (index % 2 === 0) {
        const client = CLIENTS[receipts % CLIENTS.length]!;
        const amount = (1200000 + receipts * 137525) / 100;
        receipts += 1;
        await call('POST', '/incoms/addIncome', {
          clientId: clientIds.get(client),
          clientName: client,
          amount,
          description: `Invoice ${100 + receipts}`,
          Creditdebit: 'Credit',
          date: receipts % 3 === 0 ? daysAgo(33 - index) : date,
          accountId,
        });
        lines.push({
          kind,
          date,
          amount,
          description: `IBFT FROM ${client.toUpperCase()} ${no}`,
          bookTo: '',
        });
      } else {
        const type = TYPES[payments % TYPES.length]!;
        const amount = (85000 + payments * 9740) / 100;
        payments += 1;
        await call('POST', '/expance/addexpance', {
          expanceTypeId: typeId(type),
          expanceTypeName: type,
          amount,
          description: `${type} ${date}`,
          Creditdebit: 'Credit',
          date,
          accountId,
        });
        lines.push({
          kind,
          date,
          amount: -amount,
          description: `POS ${type.toUpperCase()} ${no}`,
          bookTo: '',
        });
      }
    } else if (kind === 'transfer') {
      const out = transfers % 2 === 0;
      transfers += 1;
      lines.push({
        kind,
        date,
        amount: out ? -20000 - transfers * 500 : 15000 + transfers * 250,
        description: out ? `ATM WITHDRAWAL ${no}` : `CASH DEPOSIT ${no}`,
        bookTo: 'Cash',
      });
    } else if (kind === 'charge') {
      lines.push({
        kind,
        date,
        amount: -(150 + index),
        description: `BANK CHARGES ${no}`,
        bookTo: '5100 Bank charges',
      });
    } else {
      const client = NEW_CLIENTS[lines.filter((one) => one.kind === 'new').length]!;
      lines.push({
        kind,
        date,
        amount: 30000 + index * 10,
        description: `${client.toUpperCase()} INV ${no}`,
        bookTo: `${client} (${client} Ltd)`,
      });
    }
  }
  const csv = [
    'Date,Description,Amount,Reference',
    ...lines.map(
      (line, index) => `${line.date},${line.description},${line.amount.toFixed(2)},B${index}`,
    ),
  ].join('\r\n');
  const form = new FormData();
  form.append('options', JSON.stringify({}));
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench-statement.csv');
  const response = await fetch(`${url}/api/accounts/${accountId}/statements`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201)
    throw new Error(`statement import: ${response.status} ${await response.text()}`);
  const closing = cents(OPENING) + lines.reduce((sum, line) => sum + cents(line.amount), 0);
  return {
    accountId,
    lines,
    lastDay: lines[lines.length - 1]!.date,
    closingBalance: (closing / 100).toFixed(2),
  };
}

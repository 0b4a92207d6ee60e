import { useState } from 'react';
import type { FormEvent } from 'react';
import type { LedgerAccount } from 'contract/browser';
import {
  AmountInput,
  Button,
  DateInput,
  TextField,
  endpoints,
  formatRs,
  toIsoDate,
  useApiWrite,
} from 'shared-ui';
import { emptyLine, problemOf, totalsOf, voucherBody } from './voucher-lines';
import type { DraftLine } from './voucher-lines';

export interface VoucherFormProps {
  /** The accounts a line may post to: open, and none the entry forms keep. */
  accounts: readonly LedgerAccount[];
}

const PROBLEM_ID = 'mf-voucher-problem';

/**
 * Post a voucher (admins): a date, a description and two or more lines, each a debit or a
 * credit to an account. The debits, the credits and their difference show as they are typed;
 * Post waits until the two are equal. What the server refuses is alerted as it says it.
 */
export function VoucherForm({ accounts }: VoucherFormProps) {
  const [date, setDate] = useState(() => toIsoDate(new Date()));
  const [description, setDescription] = useState('');
  const [lines, setLines] = useState<DraftLine[]>(() => [emptyLine(), emptyLine()]);
  const post = useApiWrite(endpoints.createVoucher, {
    success: (answer) => answer.message,
    onSuccess: () => {
      setDescription('');
      setLines([emptyLine(), emptyLine()]);
    },
  });
  const totals = totalsOf(lines);
  const problem = problemOf(description, lines);
  const options = accounts.map((account) => ({
    value: String(account.id),
    label: `${account.code} ${account.name}`,
  }));

  const change = (key: number, part: Partial<DraftLine>) =>
    setLines(lines.map((line) => (line.key === key ? { ...line, ...part } : line)));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    void post.run({ body: voucherBody(date, description, lines) });
  };

  return (
    <section aria-labelledby="mf-voucher-form">
      <h2 id="mf-voucher-form">Post a voucher</h2>
      <p className="mf-voucher__note">
        Accounts receivable, Sales, Salaries and the expense types&apos; accounts are not offered:
        their figures are the entry forms&apos;. Record an entry or correct one instead.
      </p>
      <form onSubmit={onSubmit} noValidate>
        <div className="ofs-toolbar">
          <DateInput label="Date" name="date" value={date} onChange={setDate} />
          <TextField
            label="Description"
            name="description"
            maxLength={500}
            value={description}
            onChange={setDescription}
          />
        </div>
        <table className="ofs-table mf-voucher__lines">
          <caption className="ofs-visually-hidden">Voucher lines</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Account</th>
              <th scope="col" className="ofs-table__num">
                Debit
              </th>
              <th scope="col" className="ofs-table__num">
                Credit
              </th>
              <th scope="col">
                <span className="ofs-visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => {
              const n = index + 1;
              return (
                <tr key={line.key}>
                  <td>{n}</td>
                  <td>
                    <select
                      className="ofs-input"
                      aria-label={`Account, line ${n}`}
                      value={line.accountId}
                      onChange={(event) => change(line.key, { accountId: event.target.value })}
                    >
                      <option value="">Select account</option>
                      {options.map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="ofs-table__num">
                    <AmountInput
                      aria-label={`Debit, line ${n}`}
                      value={line.debit}
                      onChange={(debit) => change(line.key, { debit })}
                    />
                  </td>
                  <td className="ofs-table__num">
                    <AmountInput
                      aria-label={`Credit, line ${n}`}
                      value={line.credit}
                      onChange={(credit) => change(line.key, { credit })}
                    />
                  </td>
                  <td>
                    <Button
                      variant="secondary"
                      disabled={lines.length <= 2}
                      onClick={() => setLines(lines.filter((other) => other.key !== line.key))}
                    >
                      Remove line {n}
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <p className="mf-voucher__totals" role="status" aria-label="Voucher totals">
          <span>Debits {formatRs(totals.debit)}</span>
          <span>Credits {formatRs(totals.credit)}</span>
          <span>Difference {formatRs(totals.difference)}</span>
        </p>
        <div className="ofs-toolbar">
          <Button
            variant="secondary"
            disabled={lines.length >= 100}
            onClick={() => setLines([...lines, emptyLine()])}
          >
            Add line
          </Button>
          <Button
            type="submit"
            disabled={problem !== undefined}
            busy={post.isPending}
            busyLabel="Posting..."
            aria-describedby={problem ? PROBLEM_ID : undefined}
          >
            Post
          </Button>
          {problem && (
            <span id={PROBLEM_ID} className="mf-voucher__problem">
              {problem}
            </span>
          )}
        </div>
      </form>
    </section>
  );
}

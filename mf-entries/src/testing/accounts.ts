// Money accounts as the server answers them, for the component tests of every entries screen.
import type { Account } from 'contract/browser';

export const CASH: Account = {
  id: 1,
  name: 'Cash',
  kind: 'Cash',
  bankName: null,
  last4: null,
  openingBalance: 0,
  openingDate: '2026-01-01',
  isDefault: true,
  currency: 'PKR',
  balance: 1250.5,
  reconciledThrough: null,
  reconcileOverdue: false,
};

export const BANK: Account = {
  id: 2,
  name: 'Meezan current',
  kind: 'Bank',
  bankName: 'Meezan',
  last4: '4821',
  openingBalance: 10000,
  openingDate: '2026-01-01',
  isDefault: false,
  currency: 'PKR',
  balance: 98765.43,
  reconciledThrough: '2026-09-30',
  reconcileOverdue: true,
};

// The calls of the rules that propose an entry for a statement line, and of the reconciliation
// settings (issue 33); in the table with the money accounts' calls (endpoints.ts).
import { accountMessages as m } from './account-messages.js';
import {
  BankRuleBody,
  BankRuleList,
  BankRuleMutation,
  BankSettings,
  BankSettingsBody,
} from './bank-rules.js';
import { IdParams } from './common.js';
import { defineEndpoint as endpoint } from './endpoint.js';
import { texts } from './endpoint-texts.js';

const ACCOUNTS = texts(m.failedLoadAccounts, m.errorLoadingAccounts);
const SAVE_ACCOUNT = texts(m.failedSaveAccount, m.errorSavingAccount);
const RULE = texts(m.failedSaveRule, m.errorSavingRule);

export const bankRuleEndpoints = {
  listBankRules: endpoint({
    method: 'GET',
    path: '/bank-rules',
    reads: ['bank-rules'],
    tag: 'accounts',
    summary: 'The rules that propose an entry for a statement line',
    access: 'signedIn',
    responses: { 200: BankRuleList },
    errors: [],
    texts: texts(m.failedLoadRules, m.errorLoadingRules),
  }),
  createBankRule: endpoint({
    method: 'POST',
    path: '/bank-rules',
    changes: ['bank-rules', 'activity'],
    tag: 'accounts',
    summary: 'Add a rule',
    access: 'signedIn',
    body: BankRuleBody,
    responses: { 201: BankRuleMutation },
    errors: [404],
    texts: RULE,
  }),
  updateBankRule: endpoint({
    method: 'PUT',
    path: '/bank-rules/:id',
    changes: ['bank-rules', 'activity'],
    tag: 'accounts',
    summary: 'Change a rule, or switch it off (`enabled: false`)',
    access: 'signedIn',
    params: IdParams,
    body: BankRuleBody,
    responses: { 200: BankRuleMutation },
    errors: [404],
    texts: RULE,
  }),
  getBankSettings: endpoint({
    method: 'GET',
    path: '/bank-settings',
    reads: ['bank-rules'],
    tag: 'accounts',
    summary: 'The reconciliation settings (the days a suggestion may lie from its line)',
    access: 'signedIn',
    responses: { 200: BankSettings },
    errors: [],
    texts: ACCOUNTS,
  }),
  updateBankSettings: endpoint({
    method: 'PUT',
    path: '/bank-settings',
    changes: ['bank-rules', 'activity'],
    tag: 'accounts',
    summary: 'Change the reconciliation settings (admins only)',
    access: 'admin',
    adminsOnly: m.adminsOnlyAccounts,
    body: BankSettingsBody,
    responses: { 200: BankSettings },
    errors: [],
    texts: SAVE_ACCOUNT,
  }),
};

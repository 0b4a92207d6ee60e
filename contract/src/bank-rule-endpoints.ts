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
import { bankRuleRoutes } from './bank-rule-routes.js';

export const bankRuleEndpoints = {
  listBankRules: endpoint({
    ...bankRuleRoutes.listBankRules,
    tag: 'accounts',
    summary: 'The rules that propose an entry for a statement line',
    responses: { 200: BankRuleList },
    errors: [],
  }),
  createBankRule: endpoint({
    ...bankRuleRoutes.createBankRule,
    tag: 'accounts',
    summary: 'Add a rule',
    body: BankRuleBody,
    responses: { 201: BankRuleMutation },
    errors: [404],
  }),
  updateBankRule: endpoint({
    ...bankRuleRoutes.updateBankRule,
    tag: 'accounts',
    summary: 'Change a rule, or switch it off (`enabled: false`)',
    params: IdParams,
    body: BankRuleBody,
    responses: { 200: BankRuleMutation },
    errors: [404],
  }),
  getBankSettings: endpoint({
    ...bankRuleRoutes.getBankSettings,
    tag: 'accounts',
    summary: 'The reconciliation settings (the days a suggestion may lie from its line)',
    responses: { 200: BankSettings },
    errors: [],
  }),
  updateBankSettings: endpoint({
    ...bankRuleRoutes.updateBankSettings,
    tag: 'accounts',
    summary: 'Change the reconciliation settings (admins only)',
    adminsOnly: m.adminsOnlyAccounts,
    body: BankSettingsBody,
    responses: { 200: BankSettings },
    errors: [],
  }),
};

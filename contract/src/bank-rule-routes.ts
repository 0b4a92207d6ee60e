// The browser's half of the calls of bank-rule-endpoints.ts (`Route`: method, path, access,
// topics, texts), which spreads each route into its schemas. No schema is built or imported here.
import { accountMessages as m } from './account-messages.js';
import { texts } from './endpoint-texts.js';
import { defineRoute as route } from './endpoint.js';

export const ACCOUNTS = texts(m.failedLoadAccounts, m.errorLoadingAccounts);
export const SAVE_ACCOUNT = texts(m.failedSaveAccount, m.errorSavingAccount);
export const RULE = texts(m.failedSaveRule, m.errorSavingRule);

export const bankRuleRoutes = {
  listBankRules: route({
    method: 'GET',
    path: '/bank-rules',
    reads: ['bank-rules'],
    access: 'signedIn',
    texts: texts(m.failedLoadRules, m.errorLoadingRules),
  }),
  createBankRule: route({
    method: 'POST',
    path: '/bank-rules',
    changes: ['bank-rules', 'activity'],
    access: 'signedIn',
    texts: RULE,
  }),
  updateBankRule: route({
    method: 'PUT',
    path: '/bank-rules/:id',
    changes: ['bank-rules', 'activity'],
    access: 'signedIn',
    texts: RULE,
  }),
  getBankSettings: route({
    method: 'GET',
    path: '/bank-settings',
    reads: ['bank-rules'],
    access: 'signedIn',
    texts: ACCOUNTS,
  }),
  updateBankSettings: route({
    method: 'PUT',
    path: '/bank-settings',
    changes: ['bank-rules', 'activity'],
    access: 'admin',
    texts: SAVE_ACCOUNT,
  }),
};

// Public surface of shared-ui. Everything an app may use is re-exported here by name; deep
// imports are not part of the contract. shared-ui is a federation singleton, so importing the
// stylesheets here loads the tokens exactly once however many remotes use it.
import './styles/tokens.css';
import './styles/base.css';
import './styles/print.css';

export { call, download, ApiError, errorMessage } from './http/api-client';
export type {
  CallArgs,
  CallOptions,
  DownloadArgs,
  DownloadOptions,
  FileEndpoint,
} from './http/api-client';
// The apps reach the endpoint list and the message catalogue through shared-ui, a federation
// singleton, so they are in one shared chunk rather than bundled again into each app.
export { endpoints, messages, clerkMessages } from 'contract/browser';
// Small constants of contract the remotes' screens read, from the same shared copy: imported from
// contract itself, a remote would bundle the modules they sit in, TypeBox schemas and all.
export {
  CREDIT_DEBIT,
  DATE_FORMATS,
  ENTRY_KINDS,
  financialYearStart,
  isOneOf,
  NUMBER_FORMATS,
  RECEIPT_FORM,
  RECEIPT_MEDIA_TYPES,
  STATEMENT_FORMATS,
} from 'contract/browser';
export type { Endpoint, EndpointInput, EndpointResult, EndpointTexts } from 'contract/browser';
export { useSession, getToken, TOKEN_KEY } from './session/session-store';
export type { SessionState } from './session/session-store';
export { logOut } from './session/log-out';
export {
  useCurrentUser,
  useCanWrite,
  useIsAdmin,
  refreshCurrentUser,
} from './session/current-user';
export type { CurrentUserState } from './session/current-user';
export { saveFile } from './files/save-file';
export { notify, confirm } from './notify/notify';
export { page } from './notify/page';
export {
  fetchTotals,
  fetchFinance,
  fetchParties,
  partiesOf,
  partyLabel,
  sortParties,
} from './http/shared-calls';
export type { Party } from './http/shared-calls';
export {
  toIsoDate,
  firstDayOfMonth,
  lastDayOfMonth,
  currentMonthRange,
  fillWithCurrentMonth,
  formatTimestamp,
} from './dates/dates';
export type { DateRange, TimestampStyle } from './dates/dates';
// Money: the contract's one module, exact in whole cents for the browser and the server.
export {
  addMoney,
  centsText,
  compareMoney,
  formatMoney,
  formatRs,
  fromCents,
  parseMoney,
  plainMoney,
  subtractMoney,
  sumMoney,
  toCents,
} from 'contract/browser';
export type { MoneyValue as Money } from 'contract/browser';
export { parseJson } from './http/exact-json';
export { useAppliedFilters } from './filters/useAppliedFilters';
export { useScreenQuery, useSetScreenQuery, addressQuery, replaceAddressQuery } from './screens';
// Screen addresses: every link between apps is built from the contract's screen descriptions.
export { href, readQuery } from 'contract/browser';
export type { ScreenName, ScreenQuery } from 'contract/browser';

export * from './components/AppLink';
export * from './components/Button';
export * from './components/Tabs';
export * from './components/Modal';
export * from './components/ReasonDialog';
export * from './components/Table';
export * from './components/Field';
export * from './components/AmountInput';
export * from './components/DateInput';
export * from './components/PeriodPresets';
export * from './components/Select';
export * from './components/StatCard';
export * from './components/FinanceCards';
export * from './components/LoginPage';
export * from './components/LoadingScreen';
export * from './components/StandaloneHost';
export * from './components/DownloadButton';
export * from './components/AccountsAdmin';
export { DataProvider } from './data/DataProvider';
export type { DataProviderProps } from './data/DataProvider';
export { queryClient, createQueryClient } from './data/query-client';
export { keepPreviousData } from '@tanstack/react-query';
export type { ReadFailure } from './data/query-client';
export {
  apiQueryKey,
  endpointName,
  prefetchApiQuery,
  useApiMutation,
  useApiQuery,
  useApiStream,
} from './data/api-query';
export type { ApiMutationVariables, ApiQueryOptions, ApiStream } from './data/api-query';
export { useApiWrite } from './data/useApiWrite';
export type { ApiWriteOptions, ApiWriteOutcome, ApiWriteVariables } from './data/useApiWrite';
export { refreshAfter } from './data/refresh';
export * from './components/FilteredList';
export { upload } from './http/api-client';
export { useApiUpload } from './data/api-upload';
export type { UploadVariables } from './data/api-upload';
// The screens and the remotes' list, for the shell: through this one shared copy of contract, so
// the shell's bundle does not carry a second one.
export { REMOTES, screens } from 'contract/browser';

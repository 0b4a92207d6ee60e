// The forms a row's buttons open (Create, Transfer, Find & match), with what only they use (the
// party pickers, the new expense type, the split of a line): a chunk of their own, fetched the
// first time a row opens one, so the screen's first load carries the rows alone.
export { CreatePanel } from './CreatePanel';
export { FindMatchPanel } from './FindMatchPanel';
export { TransferPanel } from './TransferPanel';

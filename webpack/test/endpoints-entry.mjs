// The endpoint table alone, as the apps import it (contract-pure.test.mjs).
export { endpoints } from 'contract';

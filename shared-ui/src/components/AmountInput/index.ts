export { AmountField, AmountInput, groupedAmount, plainAmount } from './AmountInput';
export type { AmountFieldProps, AmountInputProps } from './AmountInput';

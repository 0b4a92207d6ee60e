export {
  ColumnMapping,
  type AmountColumns,
  type ColumnMap,
  type ColumnMappingProps,
  type FormatChoice,
} from './ColumnMapping';
export { formatChoices } from './formatChoices';

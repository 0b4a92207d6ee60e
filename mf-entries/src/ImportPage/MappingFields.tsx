import {
  DATE_FORMATS,
  IMPORT_KIND_FIELDS,
  NUMBER_FORMATS,
  importFieldLabel,
  importMessages,
  type DateFormat,
  type NumberFormat,
} from 'contract';
import { Select } from 'shared-ui';
import type { ImportState } from './useImport';

/**
 * One select per field of the kind, offering the file's column headers (pre-filled from the
 * headers' names by the preview), the sheet of an Excel file, and the date and number formats
 * detected, with a choice when the file leaves them open.
 */
export function MappingFields({ state }: { state: ImportState }) {
  const { preview, kind, choices, choose } = state;
  if (!preview) return null;
  const columns = preview.headers.map((header, index) => ({
    value: String(index),
    label: header,
  }));
  const mapping = choices.mapping ?? preview.mapping;
  const dateOpen = preview.dateFormats.length > 1;
  const numberOpen = preview.numberFormats.length > 1;
  return (
    <fieldset className="mf-import__mapping">
      <legend>Mapping</legend>
      {preview.sheets.length > 1 && (
        <Select
          label={importMessages.sheet}
          value={preview.sheet ?? ''}
          options={preview.sheets.map((sheet) => ({ value: sheet, label: sheet }))}
          onChange={(sheet) => choose({ sheet, mapping: undefined })}
        />
      )}
      {IMPORT_KIND_FIELDS[kind].map((field) => (
        <Select
          key={field}
          label={importFieldLabel(kind, field)}
          value={mapping[field] === undefined ? '' : String(mapping[field])}
          placeholder={importMessages.notMapped}
          options={columns}
          onChange={(value) => {
            const next = { ...mapping };
            if (value === '') delete next[field];
            else next[field] = Number(value);
            choose({ mapping: next });
          }}
        />
      ))}
      {preview.dateFormat && (
        <Select
          label={importMessages.dateFormat}
          value={choices.dateFormat ?? (dateOpen ? '' : preview.dateFormat)}
          placeholder={dateOpen ? importMessages.chooseFormat : undefined}
          options={(dateOpen ? preview.dateFormats : DATE_FORMATS).map((format) => ({
            value: format,
            label: format,
          }))}
          onChange={(value) =>
            choose({ dateFormat: value === '' ? undefined : (value as DateFormat) })
          }
        />
      )}
      {preview.numberFormat && (
        <Select
          label={importMessages.numberFormat}
          value={choices.numberFormat ?? (numberOpen ? '' : preview.numberFormat)}
          placeholder={numberOpen ? importMessages.chooseFormat : undefined}
          options={(numberOpen ? preview.numberFormats : NUMBER_FORMATS).map((format) => ({
            value: format,
            label: format,
          }))}
          onChange={(value) =>
            choose({ numberFormat: value === '' ? undefined : (value as NumberFormat) })
          }
        />
      )}
    </fieldset>
  );
}

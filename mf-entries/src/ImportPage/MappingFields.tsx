import { IMPORT_KIND_FIELDS, importFieldLabel } from 'contract/browser';
import { ColumnMapping, formatChoices } from '../ColumnMapping';
import type { ImportState } from './useImport';

/**
 * One select per field of the kind, offering the file's column headers (pre-filled from the
 * headers' names by the preview), the sheet of an Excel file, and the date and number formats
 * detected, with a choice when the file leaves them open.
 */
export function MappingFields({ state }: { state: ImportState }) {
  const { preview, kind, choices, choose } = state;
  if (!preview) return null;
  return (
    <ColumnMapping
      headers={preview.headers}
      fields={IMPORT_KIND_FIELDS[kind].map((field) => ({
        field,
        label: importFieldLabel(kind, field),
      }))}
      mapping={choices.mapping ?? preview.mapping}
      onMappingChange={(mapping) => choose({ mapping })}
      sheets={{
        all: preview.sheets,
        current: preview.sheet,
        onChange: (sheet) => choose({ sheet, mapping: undefined }),
      }}
      {...formatChoices(preview, choices, choose)}
    />
  );
}

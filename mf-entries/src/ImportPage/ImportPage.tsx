import {
  IMPORT_KINDS,
  IMPORT_KIND_LABELS,
  importMessages,
  type ImportKind,
} from 'contract/browser';
import { Button, Select } from 'shared-ui';
import { AccountPicker } from '../EntryForm/AccountPicker';
import { ImportFile } from '../FileImport';
import { WritersOnly } from '../WritersOnly';
import { MappingFields } from './MappingFields';
import { PastImports } from './PastImports';
import { PreviewPanel } from './PreviewPanel';
import { movesMoney, useImport } from './useImport';
import './ImportPage.css';

/**
 * The /Import screen: choose what to import and the file, preview (nothing is written), adjust
 * the mapping and choices, import the ready rows in one step; past imports with their undo. A
 * read-only viewer who opens it (the sidebar has no link for them) is told so instead.
 */
export function ImportPage() {
  return (
    <WritersOnly
      title={importMessages.title}
      className="mf-import"
      note={importMessages.readOnly}
      noteClassName="ofs-card"
    >
      <ImportScreen />
    </WritersOnly>
  );
}

function ImportScreen() {
  const state = useImport();
  const { preview } = state;
  const ready = preview?.ready ?? 0;
  return (
    <div className="mf-import">
      <h1 className="ofs-page-title">{importMessages.title}</h1>
      <div className="mf-import__choose">
        <Select
          label={importMessages.whatToImport}
          name="kind"
          value={state.kind}
          options={IMPORT_KINDS.map((kind) => ({ value: kind, label: IMPORT_KIND_LABELS[kind] }))}
          onChange={(value) => state.setKind(value as ImportKind)}
        />
        <ImportFile state={state} accept=".csv,.txt,.xlsx" />
      </div>
      <MappingFields state={state} />
      <div className="mf-import__actions">
        <Button
          variant="secondary"
          busy={state.previewing}
          disabled={!state.file}
          onClick={() => void state.runPreview()}
        >
          {importMessages.preview}
        </Button>
        {preview && state.fresh && ready > 0 && (
          <Button busy={state.importing} onClick={() => void state.runImport()}>
            {importMessages.importRows(ready)}
          </Button>
        )}
        {/* After the buttons, as on the entry forms: the default account costs no step. */}
        {movesMoney(state.kind) && (
          <AccountPicker value={state.accountId} onChange={state.setAccountId} />
        )}
      </div>
      <PreviewPanel state={state} />
      <PastImports />
    </div>
  );
}

import { importMessages } from 'contract/browser';
import { AppLink, endpoints, href, useApiQuery, useScreenQuery } from 'shared-ui';

/**
 * Above a journal filtered by a batch (`batchId`): which import (or other batch) the entries
 * are of, and the way back to all entries.
 */
export function BatchLine() {
  const { batchId } = useScreenQuery('journal');
  const imports = useApiQuery(endpoints.listImports, undefined, {
    enabled: batchId !== undefined,
    onError: 'quiet',
  });
  if (batchId === undefined) return null;
  const found = imports.data?.imports.find((one) => one.batchId === batchId);
  return (
    <p className="mf-journal__batch" role="status" aria-label="Batch">
      {found ? importMessages.entriesOfImport(found.id) : importMessages.entriesOfBatch(batchId)}{' '}
      <AppLink to={href('journal', {})}>{importMessages.allEntries}</AppLink>
    </p>
  );
}

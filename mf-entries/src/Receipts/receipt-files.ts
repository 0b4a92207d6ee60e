// The multipart forms of the receipt uploads (contract's RECEIPT_FORM): files in the field
// `receipt`; recording an entry with them sends the form's kind and its spec body first.
import type { EntryKind } from 'contract/browser';
import { RECEIPT_FORM, RECEIPT_MEDIA_TYPES } from 'shared-ui';

/** What the file picker offers; the server decides by the bytes whatever is picked. */
export const RECEIPT_ACCEPT = [
  '.pdf',
  '.jpg',
  '.jpeg',
  '.png',
  '.webp',
  ...RECEIPT_MEDIA_TYPES,
].join(',');

export function filesForm(files: readonly File[]): FormData {
  const form = new FormData();
  for (const file of files) form.append(RECEIPT_FORM.file, file, file.name);
  return form;
}

export function entryWithFilesForm(
  kind: EntryKind,
  body: unknown,
  files: readonly File[],
): FormData {
  const form = new FormData();
  form.append(RECEIPT_FORM.kind, kind);
  form.append(RECEIPT_FORM.entry, JSON.stringify(body));
  for (const file of files) form.append(RECEIPT_FORM.file, file, file.name);
  return form;
}

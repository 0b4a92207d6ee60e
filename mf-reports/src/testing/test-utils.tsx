// Report test helpers beyond shared-ui/testing's: CSV downloads read back as text, a screen
// rendered with a user, and the cells of the one table on screen.
import { screen, within } from '@testing-library/react';
import { render } from 'shared-ui/testing';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';

/** Catches downloads made through Blob + link; `last()` gives the newest file's name and text. */
export function captureDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      blobs.push(blob);
      return `blob:${blobs.length}`;
    },
    revokeObjectURL: () => undefined,
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return {
    count: () => blobs.length,
    async last() {
      const blob = blobs[blobs.length - 1];
      if (!blob) throw new Error('nothing was downloaded');
      return { name: names[names.length - 1], text: await readBlob(blob) };
    },
    /** Whether the newest file starts with the UTF-8 byte-order mark (EF BB BF). */
    async lastStartsWithBom() {
      const blob = blobs[blobs.length - 1];
      if (!blob) throw new Error('nothing was downloaded');
      const bytes = await new Promise<Uint8Array>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
        reader.onerror = () => reject(reader.error);
        reader.readAsArrayBuffer(blob.slice(0, 3));
      });
      return Array.from(bytes).join(',') === '239,187,191';
    },
  };
}

/**
 * A Blob's text (jsdom's Blob has no text()). The byte-order mark, there for Excel, is dropped:
 * the tests compare the CSV itself.
 */
export function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^\uFEFF/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

export function renderScreen(element: ReactElement) {
  const user = userEvent.setup();
  return { user, ...render(element) };
}

/** The text of each cell of each body/foot row of the one table on screen. */
export function tableText(): string[][] {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent ?? ''));
}

/** The text of each cell of each row of the table named `caption` (one of several on screen). */
export function namedTableText(caption: string): string[][] {
  const table = screen.getByRole('table', { name: caption });
  return within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent ?? ''));
}

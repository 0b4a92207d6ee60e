// Files read back as people's tools read them: LibreOffice Calc (soffice, Debian's
// libreoffice-calc-nogui) converts workbooks and CSVs, pdftotext (poppler-utils) reads PDFs.
// Each call works in a folder of its own, removed afterwards.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Whether a tool is on PATH (it answers `args`, such as --version). */
export const hasTool = (tool: string, args: string[]): Promise<boolean> =>
  run(tool, args).then(
    () => true,
    () => false,
  );

/** Runs `work` in a new temporary folder, removed afterwards. */
async function inFolder<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), 'office-tools-'));
  try {
    return await work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A PDF's text as pdftotext reads it: laid out (-layout) or in reading order. */
export function pdfToText(pdf: Buffer, layout = true): Promise<string> {
  return inFolder(async (dir) => {
    writeFileSync(path.join(dir, 'file.pdf'), pdf);
    await run('pdftotext', [
      ...(layout ? ['-layout'] : []),
      path.join(dir, 'file.pdf'),
      path.join(dir, 'file.txt'),
    ]);
    return readFileSync(path.join(dir, 'file.txt'), 'utf8');
  });
}

/**
 * A PDF's words as pdftotext finds them (-bbox), each with the height of its box in points: the
 * size it is set at, so that a figure set smaller than its neighbours shows.
 */
export function pdfWords(pdf: Buffer): Promise<Array<{ text: string; height: number }>> {
  return inFolder(async (dir) => {
    writeFileSync(path.join(dir, 'file.pdf'), pdf);
    await run('pdftotext', ['-bbox', path.join(dir, 'file.pdf'), path.join(dir, 'file.html')]);
    const html = readFileSync(path.join(dir, 'file.html'), 'utf8');
    return [
      ...html.matchAll(
        /<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)</g,
      ),
    ].map(([, yMin, yMax, text]) => ({
      text: text ?? '',
      height: Math.round((Number(yMax) - Number(yMin)) * 100) / 100,
    }));
  });
}

/**
 * Opens each file (name with its extension -> content) in LibreOffice Calc and saves it as
 * `target` (`ods`, `fods`, `csv:<filter options>`), with the import filter `inFilter` when given.
 * Answers what Calc wrote, by file name.
 */
export function convertInCalc(
  files: Record<string, string | Buffer>,
  target: string,
  inFilter?: string,
): Promise<Record<string, Buffer>> {
  return inFolder(async (dir) => {
    const inputs = Object.entries(files).map(([name, content]) => {
      const file = path.join(dir, name);
      writeFileSync(file, content);
      return file;
    });
    const out = path.join(dir, 'out');
    await run(
      'soffice',
      [
        `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
        '--headless',
        ...(inFilter ? [`--infilter=${inFilter}`] : []),
        '--convert-to',
        target,
        '--outdir',
        out,
        ...inputs,
      ],
      { timeout: 120_000 },
    );
    return Object.fromEntries(
      readdirSync(out).map((name) => [name, readFileSync(path.join(out, name))]),
    );
  });
}

// Files read back as people's tools read them: LibreOffice Calc (soffice, Debian's
// libreoffice-calc-nogui) converts workbooks and CSVs, pdftotext (poppler-utils) reads PDFs.
// Each call works in a folder of its own, removed afterwards.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/** One conversion of convertEachInCalc: the files, Calc's import filter and options for them. */
export interface CalcConversion {
  files: Record<string, string | Buffer>;
  /** `<filter name>:<filter options>`, as --infilter takes it. */
  inFilter: string;
}

/**
 * A macro that opens each file of a list (one per line: path, import filter, its options, the
 * path to save to, the export filter; TAB between) as --convert-to does, then ends Calc.
 */
const CONVERT_MACRO = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE script:module PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "module.dtd">
<script:module xmlns:script="http://openoffice.org/2000/script" script:name="Convert" script:language="StarBasic">
Sub Main(listFile As String)
  Dim f As Integer, text As String
  f = FreeFile
  Open listFile For Input As #f
  Do While Not EOF(f)
    Line Input #f, text
    If Len(text) &gt; 0 Then ConvertOne(Split(text, Chr(9)))
  Loop
  Close #f
  StarDesktop.terminate()
End Sub

Sub ConvertOne(parts)
  Dim load(2) As New com.sun.star.beans.PropertyValue
  load(0).Name = &quot;Hidden&quot;
  load(0).Value = True
  load(1).Name = &quot;FilterName&quot;
  load(1).Value = parts(1)
  load(2).Name = &quot;FilterOptions&quot;
  load(2).Value = parts(2)
  Dim doc As Object
  doc = StarDesktop.loadComponentFromURL(ConvertToURL(parts(0)), &quot;_blank&quot;, 0, load)
  Dim store(0) As New com.sun.star.beans.PropertyValue
  store(0).Name = &quot;FilterName&quot;
  store(0).Value = parts(4)
  doc.storeToURL(ConvertToURL(parts(3)), store)
  doc.close(True)
End Sub
</script:module>
`;

const xmlHead = (type: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE library:${type} PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "${type}.dtd">\n`;

/**
 * A new Calc profile holding CONVERT_MACRO as Standard.Convert. It says its set-up is complete:
 * a profile that does not is filled from the installation's presets on start, their Standard
 * library over this one.
 */
function profileWithMacro(profile: string): void {
  const basic = path.join(profile, 'user', 'basic');
  mkdirSync(path.join(basic, 'Standard'), { recursive: true });
  writeFileSync(
    path.join(profile, 'user', 'registrymodifications.xcu'),
    '<?xml version="1.0" encoding="UTF-8"?>\n<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n' +
      '<item oor:path="/org.openoffice.Setup/Office"><prop oor:name="ooSetupInstCompleted" oor:op="fuse"><value>true</value></prop></item>\n</oor:items>\n',
  );
  writeFileSync(
    path.join(basic, 'script.xlc'),
    xmlHead('libraries') +
      '<library:libraries xmlns:library="http://openoffice.org/2000/library" xmlns:xlink="http://www.w3.org/1999/xlink">\n' +
      ' <library:library library:name="Standard" library:link="false"/>\n</library:libraries>\n',
  );
  writeFileSync(
    path.join(basic, 'Standard', 'script.xlb'),
    xmlHead('library') +
      '<library:library xmlns:library="http://openoffice.org/2000/library" library:name="Standard" library:readonly="false" library:passwordprotected="false">\n' +
      ' <library:element library:name="Convert"/>\n</library:library>\n',
  );
  writeFileSync(path.join(basic, 'Standard', 'Convert.xba'), CONVERT_MACRO);
}

/**
 * Opens the files of each conversion in LibreOffice Calc with that conversion's import filter and
 * saves them as flat ODF spreadsheets (`.fods`), all in one start of Calc (each start costs
 * seconds of processor time; --infilter gives one filter to every file of a start). Answers, per
 * conversion, what Calc wrote by file name, as convertInCalc does.
 */
export function convertEachInCalc(
  conversions: CalcConversion[],
): Promise<Array<Record<string, Buffer>>> {
  return inFolder(async (dir) => {
    const profile = path.join(dir, 'profile');
    profileWithMacro(profile);
    const list: string[] = [];
    const outs = conversions.map(({ files, inFilter }, index) => {
      const at = inFilter.indexOf(':');
      const [filter, options] =
        at < 0 ? [inFilter, ''] : [inFilter.slice(0, at), inFilter.slice(at + 1)];
      const inputs = path.join(dir, `in${index}`);
      const out = path.join(dir, `out${index}`);
      mkdirSync(inputs);
      mkdirSync(out);
      for (const [name, content] of Object.entries(files)) {
        writeFileSync(path.join(inputs, name), content);
        const saved = path.join(out, `${path.parse(name).name}.fods`);
        list.push(
          [
            path.join(inputs, name),
            filter,
            options,
            saved,
            'OpenDocument Spreadsheet Flat XML',
          ].join('\t'),
        );
      }
      return out;
    });
    const listFile = path.join(dir, 'list.txt');
    writeFileSync(listFile, list.join('\n') + '\n');
    await run(
      'soffice',
      [
        `-env:UserInstallation=file://${profile}`,
        '--headless',
        `macro:///Standard.Convert.Main(${JSON.stringify(listFile)})`,
      ],
      { timeout: 120_000 },
    );
    return outs.map((out) =>
      Object.fromEntries(
        readdirSync(out).map((name) => [name, readFileSync(path.join(out, name))]),
      ),
    );
  });
}

// Real versions for contract and shared-ui: a library's version is raised by what its exported
// API changed (a removed or changed export is a major, an added one a minor), with a changelog
// entry and the new version written where npm reads it; the deploy and the shell accept a remote
// built against a compatible version (semver's caret range). That the repository's own libraries
// export what their versions record is `npm run version:libraries -- --check`, a step of `npm test`
// after the type check has built their declarations (scripts/test.mjs).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compatibleVersion } from '../src/releases/built-against.js';
import { libraryVersionProblem, versionLibrary } from '../src/releases/library-versions.js';

let repo: string;

const json = (file: string) => JSON.parse(readFileSync(path.join(repo, file), 'utf8'));
const write = (file: string, value: unknown) => {
  mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  writeFileSync(
    path.join(repo, file),
    typeof value === 'string' ? value : `${JSON.stringify(value, null, 2)}\n`,
  );
};
/** The library's declarations, as its build writes them. */
const declarations = (text: string) => write('lib/dist/index.d.ts', text);

const FIRST = `interface Row {
  netTotal: string;
}
export declare function total(row: Row): string;
export declare const LIMIT = 10;
export {};
`;

beforeEach(() => {
  repo = mkdtempSync(path.join(tmpdir(), 'library-versions-'));
  write('package.json', { name: 'root', private: true, workspaces: ['lib', 'app'] });
  write('lib/package.json', { name: 'lib', version: '1.0.0', private: true });
  write('app/package.json', { name: 'app', version: '1.0.0', dependencies: { lib: '1.0.0' } });
  write('package-lock.json', {
    name: 'root',
    lockfileVersion: 3,
    packages: {
      '': { name: 'root', workspaces: ['lib', 'app'] },
      app: { version: '1.0.0', dependencies: { lib: '1.0.0' } },
      lib: { version: '1.0.0' },
      'node_modules/app': { resolved: 'app', link: true },
      'node_modules/lib': { resolved: 'lib', link: true },
    },
  });
  declarations(FIRST);
});
afterEach(() => rmSync(repo, { recursive: true, force: true }));

describe('a library version raised by its exports', () => {
  it('records the first surface as the current version, then stays until the exports change', () => {
    expect(libraryVersionProblem(repo, 'lib')).toBe(
      'lib 1.0.0 records no exported API (api-surface.json): run npm run version:libraries and commit what it writes',
    );
    expect(versionLibrary(repo, 'lib', '2026-12-02')).toMatchObject({
      from: '1.0.0',
      to: '1.0.0',
      recordedFirst: true,
    });
    expect(libraryVersionProblem(repo, 'lib')).toBeUndefined();
    // A comment is not part of the API.
    declarations(FIRST.replace('export declare const', '/** The most. */\nexport declare const'));
    expect(libraryVersionProblem(repo, 'lib')).toBeUndefined();
    expect(versionLibrary(repo, 'lib', '2026-12-02')).toMatchObject({ to: '1.0.0' });
    expect(json('lib/package.json').version).toBe('1.0.0');
  });

  it('is a minor for an added export, written to the library, its dependents, the lock file and the changelog', () => {
    versionLibrary(repo, 'lib', '2026-12-01');
    declarations(`${FIRST}export declare const EXTRA = 1;\n`);
    expect(libraryVersionProblem(repo, 'lib')).toBe(
      "lib's exports are not those of its version 1.0.0 (added `EXTRA`; a minor version): run npm run version:libraries and commit what it writes",
    );
    expect(versionLibrary(repo, 'lib', '2026-12-02')).toMatchObject({
      from: '1.0.0',
      to: '1.1.0',
      bump: 'minor',
    });
    expect(json('lib/package.json').version).toBe('1.1.0');
    expect(json('app/package.json').dependencies).toEqual({ lib: '1.1.0' });
    const lock = json('package-lock.json');
    expect(lock.packages.lib.version).toBe('1.1.0');
    expect(lock.packages.app.dependencies).toEqual({ lib: '1.1.0' });
    expect(json('lib/api-surface.json').version).toBe('1.1.0');
    expect(readFileSync(path.join(repo, 'lib', 'CHANGELOG.md'), 'utf8')).toContain(
      '## 1.1.0 (2026-12-02)\n\n### Added\n\n- `EXTRA`\n',
    );
    expect(libraryVersionProblem(repo, 'lib')).toBeUndefined();
  });

  it('is a major for a renamed field of a type an export uses, and for a removed export', () => {
    versionLibrary(repo, 'lib', '2026-12-01');
    declarations(FIRST.replace('netTotal', 'net'));
    expect(libraryVersionProblem(repo, 'lib')).toContain('(changed `total`; a major version)');
    expect(versionLibrary(repo, 'lib', '2026-12-02')).toMatchObject({ to: '2.0.0', bump: 'major' });

    declarations(FIRST.replace('netTotal', 'net').replace(/export declare const LIMIT.*\n/, ''));
    expect(versionLibrary(repo, 'lib', '2026-12-03')).toMatchObject({ to: '3.0.0', bump: 'major' });
    const changelog = readFileSync(path.join(repo, 'lib', 'CHANGELOG.md'), 'utf8');
    // Newest first.
    expect(
      changelog.indexOf('## 3.0.0 (2026-12-03)\n\n### Removed (breaking)\n\n- `LIMIT`'),
    ).toBeLessThan(
      changelog.indexOf('## 2.0.0 (2026-12-02)\n\n### Changed (breaking)\n\n- `total`'),
    );
    expect(json('app/package.json').dependencies).toEqual({ lib: '3.0.0' });
  });

  it('is the same for an inferred type written in another order, as an incremental build may', () => {
    declarations(
      `${FIRST}export declare function totals(): Promise<{ a: number; b: string | null }>;\n`,
    );
    versionLibrary(repo, 'lib', '2026-12-01');
    declarations(
      `${FIRST}export declare function totals(): Promise<{ b: null | string; a: number }>;\n`,
    );
    expect(libraryVersionProblem(repo, 'lib')).toBeUndefined();
    declarations(
      `${FIRST}export declare function totals(): Promise<{ b: null | string; a: string }>;\n`,
    );
    expect(libraryVersionProblem(repo, 'lib')).toContain('(changed `totals`; a major version)');
  });

  it('refuses a version written by hand that is not the recorded one', () => {
    versionLibrary(repo, 'lib', '2026-12-01');
    write('lib/package.json', { name: 'lib', version: '1.2.0', private: true });
    expect(libraryVersionProblem(repo, 'lib')).toBe(
      "lib's package.json says 1.2.0, its recorded API is of 1.0.0: run npm run version:libraries and commit what it writes",
    );
  });
});

describe('a compatible library version', () => {
  it('is the same major and at least the minor and patch built against, whatever the hash', () => {
    expect(compatibleVersion('1.2.0+aaaaaaaaaaaa', '1.2.0+bbbbbbbbbbbb')).toBe(true);
    expect(compatibleVersion('1.2.0+aaaaaaaaaaaa', '1.3.0+bbbbbbbbbbbb')).toBe(true);
    expect(compatibleVersion('1.2.3', '1.2.4')).toBe(true);
    expect(compatibleVersion('1.2.3', '1.2.2')).toBe(false);
    expect(compatibleVersion('1.2.0+aaaaaaaaaaaa', '1.1.9+aaaaaaaaaaaa')).toBe(false);
    expect(compatibleVersion('1.2.0', '2.0.0')).toBe(false);
    expect(compatibleVersion('2.0.0', '1.9.0')).toBe(false);
  });
});

// The exported API of a workspace library (contract, shared-ui) as its declaration files give it:
// each name its index exports, with a hash of its declaration and of the library's own
// declarations that one refers to (a renamed field of an interface an exported schema uses
// changes the schema's hash too). Function bodies and comments are not part of it: a change that
// leaves every declaration as it was leaves the surface as it was. library-versions.ts derives
// the semver bump from two surfaces; the deploy refuses a library whose surface is not the one
// its version records.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Exported name -> hash (12 hex digits) of its declarations. */
export type Surface = Record<string, string>;

/** What a library records of its surface beside its package.json (api-surface.json). */
export interface RecordedSurface {
  version: string;
  exports: Surface;
}

export const SURFACE_FILE = 'api-surface.json';

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

const printer = ts.createPrinter({ removeComments: true });
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A declaration's text without comments, with the members of each object type and the members
 * of each union in one order: the declarations TypeScript writes for an inferred type list them
 * in the order it met them, which differs between a full and an incremental build.
 */
function declarationText(node: ts.Node, sourceFile: ts.SourceFile): string {
  const print = (n: ts.Node) => printer.printNode(ts.EmitHint.Unspecified, n, sourceFile);
  const sorted = <T extends ts.Node>(nodes: readonly T[]) =>
    [...nodes]
      .map((n) => [print(n), n] as const)
      .sort(([a], [b]) => compare(a, b))
      .map(([, n]) => n);
  const [result] = ts.transform(node, [
    (context) => (root) => {
      const { factory } = context;
      const visit = (child: ts.Node): ts.Node => {
        const visited = ts.visitEachChild(child, visit, context);
        if (ts.isTypeLiteralNode(visited)) {
          return factory.updateTypeLiteralNode(
            visited,
            factory.createNodeArray(sorted(visited.members)),
          );
        }
        if (ts.isUnionTypeNode(visited)) {
          return factory.updateUnionTypeNode(
            visited,
            factory.createNodeArray(sorted(visited.types)),
          );
        }
        return visited;
      };
      return ts.visitNode(root, visit) as typeof root;
    },
  ]).transformed;
  return normalise(print(result!));
}

/**
 * TypeScript's own library files (lib.*.d.ts) as parsed once in this process: every program made
 * here reads them, and parsing them again took up to a second each time.
 */
const libraryFiles = new Map<string, ts.SourceFile>();
const libDir = path.dirname(ts.getDefaultLibFilePath({})) + path.sep;

/** A compiler host that parses each of TypeScript's own library files once in this process. */
function compilerHost(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const { getSourceFile: parse } = host;
  host.getSourceFile = (fileName, language, ...rest) => {
    if (!path.resolve(fileName).startsWith(libDir))
      return parse.call(host, fileName, language, ...rest);
    const key = `${fileName}\0${JSON.stringify(language)}`;
    let file = libraryFiles.get(key);
    if (!file) {
      file = parse.call(host, fileName, language, ...rest);
      if (file) libraryFiles.set(key, file);
    }
    return file;
  };
  return host;
}

/**
 * The surface of the library in `dir`, read from its built declarations (`dist/index.d.ts`,
 * which `npm run build -w <library>` writes). Throws when there are none.
 */
export function librarySurface(dir: string): Surface {
  const index = path.resolve(dir, 'dist', 'index.d.ts');
  if (!existsSync(index)) {
    throw new Error(
      `${index} is missing: build the library first (npm run build -w ${path.basename(dir)})`,
    );
  }
  const distDir = path.resolve(dir, 'dist') + path.sep;
  const options: ts.CompilerOptions = {
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    jsx: ts.JsxEmit.ReactJSX,
    types: [],
  };
  const host = compilerHost(options);
  const program = ts.createProgram([index], options, host);
  const checker = program.getTypeChecker();
  const indexFile = program.getSourceFile(index);
  const moduleSymbol = indexFile && checker.getSymbolAtLocation(indexFile);
  if (!moduleSymbol) throw new Error(`${index} exports nothing`);

  const resolve = (symbol: ts.Symbol): ts.Symbol =>
    symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const own = (declaration: ts.Declaration) =>
    path.resolve(declaration.getSourceFile().fileName).startsWith(distDir);

  // Each declaration's text and the symbols it names, worked out once: many exports reach the
  // same declarations (the contract's schemas share their parts).
  const textOf = new Map<ts.Declaration, string>();
  const namedBy = new Map<ts.Declaration, ts.Symbol[]>();
  const named = (declaration: ts.Declaration): ts.Symbol[] => {
    let symbols = namedBy.get(declaration);
    if (!symbols) {
      const found: ts.Symbol[] = [];
      const walk = (node: ts.Node) => {
        if (ts.isIdentifier(node) && node !== (declaration as { name?: ts.Node }).name) {
          const referenced = checker.getSymbolAtLocation(node);
          if (referenced) found.push(referenced);
        }
        ts.forEachChild(node, walk);
      };
      ts.forEachChild(declaration, walk);
      namedBy.set(declaration, (symbols = found));
    }
    return symbols;
  };

  /** The texts of a symbol's declarations and of the library's own symbols they name. */
  function texts(start: ts.Symbol): string[] {
    const seen = new Set<ts.Symbol>();
    const out: string[] = [];
    const visit = (symbol: ts.Symbol) => {
      const target = resolve(symbol);
      if (seen.has(target)) return;
      seen.add(target);
      for (const declaration of target.declarations ?? []) {
        if (!own(declaration)) continue;
        // A variable's type is written on its declaration; its statement adds only `declare`.
        let text = textOf.get(declaration);
        if (text === undefined) {
          text = declarationText(declaration, declaration.getSourceFile());
          textOf.set(declaration, text);
        }
        out.push(text);
        for (const referenced of named(declaration)) visit(referenced);
      }
    };
    visit(start);
    return out.sort();
  }

  const surface: Surface = {};
  for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
    const hash = createHash('sha256');
    for (const text of texts(symbol)) hash.update(`${text}\0`);
    surface[symbol.getName()] = hash.digest('hex').slice(0, 12);
  }
  return Object.fromEntries(Object.entries(surface).sort(([a], [b]) => compare(a, b)));
}

/** What changed between two surfaces, each list sorted. */
export interface SurfaceChanges {
  added: string[];
  removed: string[];
  changed: string[];
}

export function compareSurfaces(before: Surface, after: Surface): SurfaceChanges {
  const names = (surface: Surface) => Object.keys(surface);
  return {
    added: names(after).filter((name) => !(name in before)),
    removed: names(before).filter((name) => !(name in after)),
    changed: names(after).filter((name) => name in before && before[name] !== after[name]),
  };
}

export type Bump = 'major' | 'minor' | undefined;

/** Semver: a removed or changed export is a major, an added one a minor, no change none. */
export function bumpFor(changes: SurfaceChanges): Bump {
  if (changes.removed.length || changes.changed.length) return 'major';
  if (changes.added.length) return 'minor';
  return undefined;
}

/** `1.4.2` raised by `bump`: `2.0.0` for a major, `1.5.0` for a minor. */
export function raise(version: string, bump: Bump): string {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!match) throw new Error(`"${version}" is not a plain major.minor.patch version`);
  const [major, minor, patch] = match.slice(1).map(Number) as [number, number, number];
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch}`;
}

/** The surface a library records (api-surface.json), or undefined when it records none. */
export function readRecordedSurface(dir: string): RecordedSurface | undefined {
  const file = path.join(dir, SURFACE_FILE);
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as RecordedSurface;
}

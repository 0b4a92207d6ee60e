// What a build needs of shared-ui and what it gives of it. A remote takes shared-ui from the shell
// at runtime (a federation singleton): a remote that imports a name the shell's copy does not
// export breaks in the running shell although its own type check, build and deploy pass. So a
// remote's manifest records the names it imports from shared-ui (`sharedUiImports` beside
// `builtAgainst`), and the shell's build writes the names its shared-ui exports
// (`shared-ui-exports.json` beside its index.html); the deploy and the shell's load check compare
// the two.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import { builtAgainst } from './shared.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SHARED_UI_INDEX = path.join(root, 'shared-ui', 'src', 'index.ts');

/** The file the shell's build writes. */
export const SHARED_UI_EXPORTS_FILE = 'shared-ui-exports.json';

/** Import and re-export dependencies that name what they take from the module they import. */
const NAMED = new Set(['harmony import specifier', 'harmony export imported specifier']);

/** Compilation -> the names its modules import from shared-ui (collected before concatenation). */
const imported = new WeakMap();

/**
 * The names a compilation's modules import from `shared-ui` (sorted), `*` for a namespace import
 * or `export *` (everything). Type-only imports are gone after TypeScript, so only what runs is
 * listed. Read once the modules are sealed (the manifest's additionalData, processAssets).
 */
export const sharedUiImports = (compilation) => imported.get(compilation) ?? [];

function collectImports(compilation) {
  const names = new Set();
  for (const module of compilation.modules) {
    for (const dependency of module.dependencies ?? []) {
      if (dependency.request !== 'shared-ui' || !NAMED.has(dependency.type)) continue;
      const [first] = dependency.getIds(compilation.moduleGraph);
      names.add(first ?? '*');
    }
  }
  return [...names].sort();
}

/**
 * A remote's build: collects the names it imports from shared-ui (for its manifest). The shell's
 * build: writes `shared-ui-exports.json`, `{ "shared-ui": <builtAgainst>, exports }`, the names
 * shared-ui's index exports as the shell provides it to the remotes. Both are read when the
 * modules are complete and their exports known, before modules are concatenated.
 */
export class SharedUiExportsPlugin {
  constructor({ remote }) {
    this.remote = remote;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('SharedUiExportsPlugin', (compilation) => {
      let exports = [];
      compilation.hooks.afterOptimizeDependencies.tap('SharedUiExportsPlugin', () => {
        if (this.remote) {
          imported.set(compilation, collectImports(compilation));
          return;
        }
        const index = [...compilation.modules].find(
          (module) => module.resource === SHARED_UI_INDEX,
        );
        const provided = index
          ? compilation.moduleGraph.getExportsInfo(index).getProvidedExports()
          : [];
        exports = Array.isArray(provided) ? [...provided].sort() : ['*'];
      });
      if (this.remote) return;
      compilation.hooks.processAssets.tap(
        {
          name: 'SharedUiExportsPlugin',
          stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL,
        },
        () => {
          const record = { 'shared-ui': builtAgainst['shared-ui'], exports };
          compilation.emitAsset(
            SHARED_UI_EXPORTS_FILE,
            new webpack.sources.RawSource(`${JSON.stringify(record, null, 2)}\n`),
          );
        },
      );
    });
  }
}

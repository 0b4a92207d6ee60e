// One share runtime in a remote's container entry (`remoteEntry.js`), the federation's.
//
// webpack attaches its own share runtime ("sharing": `__webpack_require__.S` and `.I`, with a
// `register(...)` call for every shared module) to any chunk whose modules use the share scope.
// The federation plugin attaches its own beside it, at a later stage: it sets the same two
// globals again, to the federation runtime's (`initOptions.shared`, `bundlerRuntime.I`). So the
// first one's code never runs, but every remote's entry carried it, each shared module's
// version and chunk list written out a second time. This plugin leaves out the earlier one
// wherever a chunk has both; a chunk with a single share runtime keeps it.
const PLUGIN = 'SingleShareRuntimePlugin';
const SHARING = 'sharing';

export class SingleShareRuntimePlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.afterRuntimeRequirements.tap(PLUGIN, () => {
        const { chunkGraph } = compilation;
        for (const chunk of compilation.chunks) {
          if (!chunk.hasRuntime()) continue;
          const sharing = [...chunkGraph.getChunkRuntimeModulesIterable(chunk)].filter(
            (module) => module.name === SHARING,
          );
          if (sharing.length < 2) continue;
          // The one that runs last (the only one of the highest stage) is the one whose globals
          // stay; with no such one, which runs last is not known, and all are kept.
          const last = Math.max(...sharing.map((module) => module.stage));
          const kept = sharing.filter((module) => module.stage === last);
          if (kept.length !== 1) continue;
          for (const module of sharing) {
            if (module === kept[0]) continue;
            chunkGraph.disconnectChunkAndRuntimeModule(chunk, module);
            chunkGraph.disconnectChunkAndModule(chunk, module);
            compilation.modules.delete(module);
          }
        }
      });
    });
  }
}

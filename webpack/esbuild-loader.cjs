// Turns an app's TypeScript (and TSX) into JavaScript with esbuild: one file at a time, types
// removed, not checked (each package's `typecheck` script checks them; tsconfig has
// `isolatedModules`, so every file can be compiled alone). Several times faster than ts-loader.
const { transform } = require('esbuild');

/** @this {import('webpack').LoaderContext<{ target: string }>} */
module.exports = function esbuildLoader(source) {
  const done = this.async();
  const { target } = this.getOptions();
  transform(source, {
    loader: this.resourcePath.endsWith('.tsx') ? 'tsx' : 'ts',
    jsx: 'automatic',
    format: 'esm',
    target,
    sourcefile: this.resourcePath,
    sourcemap: this.sourceMap ? 'external' : false,
  }).then(
    (result) => done(null, result.code, result.map ? JSON.parse(result.map) : undefined),
    done,
  );
};

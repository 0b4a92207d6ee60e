// contract's module-level constructions marked pure for the browser bundles: every call (and
// `new`) in the initializer of a top-level `const`, outside the functions defined there, gets a
// `/* @__PURE__ */` annotation. contract is declared free of side effects, but webpack and the
// minifier cannot know that a call such as `Type.Object({...})` or a helper building a schema has
// none, so a module the browser needs for one export (an endpoint description in exports.ts) kept
// every schema built beside it, and TypeBox with them. Annotated, an unused constant is dropped.
//
// It runs after esbuild on contract's sources only (create-config.mjs).
const acorn = require('acorn');

/** Nodes whose bodies run later, not when the module is evaluated. */
const DEFERRED = new Set([
  'ArrowFunctionExpression',
  'FunctionExpression',
  'FunctionDeclaration',
  'ClassExpression',
  'ClassDeclaration',
]);

function collectCalls(node, starts) {
  if (!node || typeof node.type !== 'string' || DEFERRED.has(node.type)) return;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') starts.add(node.start);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) value.forEach((child) => collectCalls(child, starts));
    else if (value && typeof value === 'object') collectCalls(value, starts);
  }
}

/** The source with every module-level constant's calls annotated as pure. */
function markModuleLevelPure(source) {
  const ast = acorn.parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  const starts = new Set();
  for (const statement of ast.body) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations) collectCalls(declarator.init, starts);
  }
  let out = source;
  for (const start of [...starts].sort((a, b) => b - a))
    out = `${out.slice(0, start)}/* @__PURE__ */ ${out.slice(start)}`;
  return out;
}

module.exports = function contractPureLoader(source) {
  return markModuleLevelPure(source);
};
module.exports.markModuleLevelPure = markModuleLevelPure;

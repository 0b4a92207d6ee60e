// The contract's endpoint table as the browser gets it: every endpoint keeps what a browser reads
// (method, path, access, texts, file, ...) and loses what only the server and the OpenAPI document
// use: the summary and description texts, the TypeBox schemas of its inputs and answers, and the
// text the server refuses non-admins with (`adminsOnly`). The schemas and the server's message
// catalogue then have no reader left in the bundle, and webpack leaves them (and TypeBox) out, as
// it does for every other unused part of the side-effect-free contract.
//
// It runs after esbuild on `contract/src/endpoints.ts` only, and rewrites each property it drops
// in the object given to `endpoint(...)` / `defineEndpoint(...)`, and in an object of the module
// spread into one (`...addEntry`), to `void 0`.
const acorn = require('acorn');

/** What no browser code reads of an endpoint (shared-ui's client takes method, path and texts). */
const DROPPED = new Set([
  'adminsOnly',
  'summary',
  'description',
  'params',
  'query',
  'headers',
  'body',
  'responses',
]);
const DESCRIBERS = new Set(['endpoint', 'defineEndpoint']);

/** The properties to drop of one description object (or of a common part spread into several). */
function dropped(object, found, spreads) {
  for (const property of object.properties) {
    if (property.type === 'SpreadElement') {
      if (property.argument.type === 'Identifier') spreads.add(property.argument.name);
      continue;
    }
    const key = property.type === 'Property' && !property.computed ? property.key : undefined;
    const name = key?.type === 'Identifier' ? key.name : key?.value;
    if (DROPPED.has(name)) found.push(property);
  }
}

/** Every `endpoint({...})` object, and the names of the objects spread into them. */
function visit(node, found, spreads) {
  if (!node || typeof node.type !== 'string') return;
  if (
    node.type === 'CallExpression' &&
    node.callee.type === 'Identifier' &&
    DESCRIBERS.has(node.callee.name) &&
    node.arguments[0]?.type === 'ObjectExpression'
  )
    dropped(node.arguments[0], found, spreads);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) value.forEach((child) => visit(child, found, spreads));
    else if (value && typeof value === 'object') visit(value, found, spreads);
  }
}

/** The common parts (`const addEntry = {...}`) spread into descriptions. */
function visitSpreadParts(ast, found, spreads) {
  for (const statement of ast.body) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations)
      if (
        declarator.id.type === 'Identifier' &&
        spreads.has(declarator.id.name) &&
        declarator.init?.type === 'ObjectExpression'
      )
        dropped(declarator.init, found, new Set());
  }
}

/** The source with every dropped property's value replaced by `void 0`. */
function stripEndpointDocs(source) {
  const ast = acorn.parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  const found = [];
  const spreads = new Set();
  visit(ast, found, spreads);
  visitSpreadParts(ast, found, spreads);
  let out = source;
  for (const property of found.sort((a, b) => b.start - a.start)) {
    const start = property.shorthand ? property.start : property.value.start;
    const replacement = property.shorthand ? `${property.key.name}: void 0` : 'void 0';
    out = out.slice(0, start) + replacement + out.slice(property.value.end);
  }
  return out;
}

module.exports = function browserEndpointsLoader(source) {
  return stripEndpointDocs(source);
};
module.exports.stripEndpointDocs = stripEndpointDocs;

// Named schemas in the OpenAPI document. Every schema the contract exports under a name (Person,
// JournalPage, ErrorResponse, Money ...) becomes one entry of `components.schemas`, and each place
// that uses it a `$ref`, so that a client generator gives it one type and the error answer is
// written once rather than on every operation. Fastify's own way (`addSchema` with `$id`, `Ref`
// in every schema) would make the contract depend on the server's schema registry; instead the
// exported schemas are given their export name as `title` once at start, and the finished
// document is rewritten.
import { Kind, type TSchema } from '@sinclair/typebox';
import * as contract from 'contract';

const isSchema = (value: unknown): value is TSchema =>
  typeof value === 'object' && value !== null && Kind in value;

/** Export name of each named schema of the contract; the shortest for one exported twice. */
function nameContractSchemas(): Set<string> {
  const chosen = new Map<TSchema, string>();
  for (const [name, value] of Object.entries(contract)) {
    if (!isSchema(value) || !/^[A-Z]/.test(name)) continue;
    const before = chosen.get(value);
    if (before === undefined || name.length < before.length) chosen.set(value, name);
  }
  for (const [schema, name] of chosen) (schema as TSchema & { title?: string }).title ??= name;
  return new Set(chosen.values());
}

const named = nameContractSchemas();

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function hoist(node: Json, schemas: Record<string, Json>): Json {
  if (Array.isArray(node)) return node.map((item) => hoist(item, schemas));
  if (node === null || typeof node !== 'object') return node;
  const copy: Record<string, Json> = {};
  for (const [key, value] of Object.entries(node)) copy[key] = hoist(value, schemas);
  const { title } = copy;
  if (typeof title !== 'string' || !named.has(title)) return copy;
  const known = schemas[title];
  // A copy changed after it was named (spread into another schema) stays where it is, inline.
  if (known !== undefined && JSON.stringify(known) !== JSON.stringify(copy)) {
    delete copy.title;
    return copy;
  }
  schemas[title] = copy;
  return { $ref: `#/components/schemas/${title}` };
}

type Operation = { operationId?: string; responses?: Record<string, { content?: unknown }> };

/**
 * HEAD, which Fastify answers for every GET, as an operation of its own: an operationId of its
 * own (ids are unique in a document) and the GET's statuses without their bodies.
 */
function headOperations(paths: Record<string, Record<string, Operation>>): void {
  for (const methods of Object.values(paths)) {
    const head = methods.head;
    if (!head) continue;
    methods.head = {
      ...head,
      operationId: `${(head.operationId ?? 'get').replace(/-head$/, '')}Head`,
      responses: Object.fromEntries(
        Object.entries(head.responses ?? {}).map(([status, { content: _content, ...rest }]) => [
          status,
          rest,
        ]),
      ),
    };
  }
}

/**
 * A query parameter whose schema says `deprecated` (an old paging form kept for one release) is
 * marked deprecated itself, where clients and documentation viewers look for it.
 */
function deprecatedParameters(paths: Record<string, Record<string, unknown>>): void {
  for (const methods of Object.values(paths))
    for (const operation of Object.values(methods)) {
      const parameters = (operation as { parameters?: unknown }).parameters;
      if (!Array.isArray(parameters)) continue;
      for (const parameter of parameters as {
        schema?: { deprecated?: boolean };
        deprecated?: boolean;
      }[])
        if (parameter.schema?.deprecated === true) parameter.deprecated = true;
    }
}

/** The document with every named schema under `components.schemas`, used by `$ref`. */
export function withNamedComponents<T extends { paths?: unknown; components?: unknown }>(
  document: T,
): T {
  const schemas: Record<string, Json> = {};
  const paths = hoist(document.paths as Json, schemas);
  headOperations(paths as unknown as Record<string, Record<string, Operation>>);
  deprecatedParameters(paths as unknown as Record<string, Record<string, unknown>>);
  const components = (document.components ?? {}) as Record<string, Json>;
  const sorted = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
  return { ...document, paths, components: { ...components, schemas: sorted } };
}

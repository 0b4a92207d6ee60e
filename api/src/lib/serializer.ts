// Responses are written by Fastify's own compiler (fast-json-stringify); this keeps each compiled
// writer for the process, as lib/validator.ts keeps each compiled check. Compiling one costs
// milliseconds and there are about two hundred (every status of every route), so a second app in
// the same process (the API tests build one per test) reuses the first one's writers. A writer
// depends only on its schema object (the contract's) and the options, which are the same for every
// app: no shared schemas are added with `addSchema`.
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Serializer = (data: unknown) => string;

interface ResponseDefinition {
  schema: unknown;
  method: string;
  url: string;
  httpStatus?: string;
  contentType?: string;
}

/**
 * A writer compiled when it first writes, not when the app starts: most of a process's first
 * answers use a few of the writers, and compiling all of them at start was a large part of an
 * app's start (every API test file starts one).
 */
function onFirstUse(make: () => Serializer): Serializer {
  let writer: Serializer | undefined;
  return (data) => (writer ??= make())(data);
}

const compiledWriters = new WeakMap<object, Map<string, Serializer>>();

/** A serializer factory for Fastify's `schemaController` that compiles each schema once. */
export function cachedSerializers(): SerializerFactory {
  const fastJsonStringify = SerializerSelector();
  return ((externalSchemas, options) => {
    const compile = fastJsonStringify(externalSchemas, options) as unknown as (
      route: ResponseDefinition,
    ) => Serializer;
    return (route: ResponseDefinition) => {
      const { schema } = route;
      if (typeof schema !== 'object' || schema === null) return compile(route);
      // The options are per app; a cached writer is only reused under the same ones.
      const key = `${route.httpStatus ?? ''} ${route.contentType ?? ''} ${JSON.stringify(options ?? {})}`;
      let forSchema = compiledWriters.get(schema);
      if (!forSchema) compiledWriters.set(schema, (forSchema = new Map()));
      let writer = forSchema.get(key);
      if (!writer) forSchema.set(key, (writer = onFirstUse(() => compile(route))));
      return writer;
    };
  }) as SerializerFactory;
}

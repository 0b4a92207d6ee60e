// Route plugins are registered under a name. Fastify names an unnamed plugin by searching every
// loaded module for the function; in a process with a large module registry (a test runner's,
// where that search builds a URL per module) it cost a few milliseconds per plugin and about half
// of building an app. Named, a plugin is registered as before, in its own encapsulated context.
import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';
import fp from 'fastify-plugin';

export function named<Options extends FastifyPluginOptions>(
  plugin: FastifyPluginAsync<Options>,
  name = plugin.name,
): FastifyPluginAsync<Options> {
  if (!name) throw new Error('a route plugin needs a name');
  return fp(plugin, { name, encapsulate: true });
}

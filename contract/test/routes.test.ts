// The two halves of every call: the browser's table (routes.ts, what `contract/browser` serves)
// and the server's (endpoints.ts), which spreads each route into its schemas. Same names in the
// same order, and each endpoint's route parts are its route's, so the two cannot drift; and the
// browser's entry reaches no module that builds a schema.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpoints as browserEndpoints } from '../src/browser.js';
import { endpoints, type Endpoint, type RoutePart } from '../src/index.js';
import { routes } from '../src/routes.js';

const ROUTE_PARTS: readonly RoutePart[] = [
  'method',
  'path',
  'access',
  'texts',
  'reads',
  'changes',
  'answersRead',
  'file',
  'ownAccount',
];
const source = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');

describe('the routes and the endpoints', () => {
  it('name the same calls in the same order', () => {
    expect(Object.keys(routes)).toEqual(Object.keys(endpoints));
    expect(Object.keys(routes).length).toBeGreaterThan(150);
  });

  it("give every endpoint its route's parts, and a route nothing else", () => {
    for (const [name, endpoint] of Object.entries(endpoints) as Array<[string, Endpoint]>) {
      const route = (routes as Record<string, object>)[name];
      const parts = Object.fromEntries(
        ROUTE_PARTS.filter((part) => endpoint[part] !== undefined).map((part) => [
          part,
          endpoint[part],
        ]),
      );
      expect({ name, route }).toEqual({ name, route: parts });
    }
  });

  it("serve the browser's entry the routes", () => {
    expect(browserEndpoints).toBe(routes);
  });

  it("reach, with everything of the browser's entry, no module that builds a schema", () => {
    // Every module browser.ts reaches through imports that are not type-only: webpack bundles
    // these (contract is free of side effects, so a re-export nobody reads takes nothing in).
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(path.join(source, file), 'utf8');
      for (const [, specifier] of text.matchAll(
        /^(?:import|export) (?!type )[^;]*? from '([^']+)';$/gms,
      ))
        if (specifier?.startsWith('.'))
          visit(path.normalize(path.join(path.dirname(file), specifier.replace(/\.js$/, '.ts'))));
        else seen.add(specifier ?? '');
    };
    visit('browser.ts');
    expect([...seen].filter((file) => /(^|[-/])routes\.ts$/.test(file)).length).toBeGreaterThan(20);
    expect([...seen].filter((file) => !file.endsWith('.ts'))).toEqual([]);
    const building = [...seen].filter(
      (file) =>
        file.endsWith('.ts') &&
        /\bType\.\w+\(|literalUnion\(/.test(readFileSync(path.join(source, file), 'utf8')),
    );
    expect(building).toEqual([]);
  });
});

// Browser bundles build contract's schemas with webpack/typebox.mjs, a `Type` holding only the
// TypeBox builders contract uses. A builder used here but missing there would break every page at
// its first API call; this test names it first.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Type as FullType } from '@sinclair/typebox';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const source = path.join(root, 'contract', 'src');

/** Every `Type.<Builder>` contract's sources call, in subfolders (ledger/) too. */
const usedBuilders = [
  ...new Set(
    readdirSync(source, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) =>
        [...readFileSync(path.join(source, file), 'utf8').matchAll(/\bType\.(\w+)/g)].map(
          (match) => match[1]!,
        ),
      ),
  ),
].sort();

async function browserType(): Promise<Record<string, (...args: unknown[]) => unknown>> {
  const file = path.join(root, 'webpack', 'typebox.mjs');
  return ((await import(file)) as { Type: Record<string, (...args: unknown[]) => unknown> }).Type;
}

test('the browser builds have every TypeBox builder contract uses', async () => {
  const Type = await browserType();
  expect(usedBuilders.length).toBeGreaterThan(0);
  expect(usedBuilders.filter((name) => typeof Type[name] !== 'function')).toEqual([]);
});

test("the browser's builders make the same schemas as TypeBox's Type", async () => {
  const Type = await browserType();
  const build = (T: Record<string, (...args: unknown[]) => unknown>) =>
    T.Object!({
      name: T.String!({ minLength: 1 }),
      amount: T.Optional!(T.Number!()),
      kind: T.Union!([T.Literal!('Credit'), T.Literal!('Debit'), T.Null!()]),
      ids: T.Array!(T.Integer!()),
    });
  expect(build(Type)).toEqual(build(FullType as never));
});

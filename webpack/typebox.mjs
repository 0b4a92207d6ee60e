// What the browser bundles get for `@sinclair/typebox`: a `Type` made of only the builders
// contract's schemas use, taken one by one from TypeBox itself, so the schemas are TypeBox's own.
// The browser reads an endpoint's method, path and texts, but building `endpoints` builds every
// schema, and TypeBox's `Type` object carries all of TypeBox (~40 KB gzipped) with it.
// contract/test/typebox-builders.test.ts fails when contract uses a builder not listed here, and
// test/typebox-facade.test.mjs builds every contract schema with it. `#typebox` is this package's
// name for `@sinclair/typebox` (package.json `imports`), which the apps' builds alias to this file.
import {
  Array,
  Boolean,
  Integer,
  Literal,
  Null,
  Number,
  Object,
  Optional,
  String,
  Union,
  Unknown,
} from '#typebox';

export const Type = {
  Array,
  Boolean,
  Integer,
  Literal,
  Null,
  Number,
  Object,
  Optional,
  String,
  Union,
  Unknown,
};

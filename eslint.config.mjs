// Lint for the whole monorepo. Besides the usual TypeScript rules it enforces the package
// boundaries of docs/decisions/001: contract imports nothing of ours, the browser never imports
// the api, and no remote imports another remote or the shell.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import list from './contract/src/remotes.json' with { type: 'json' };

/** The remotes' folders, from the one list of the remotes. */
const remotes = list.remotes.map((remote) => remote.dir);

/** A string that starts like a path of the API (docs/product.md#calls). */
const API_PATH =
  '/^\\/((api|dashboard|users|clients|employees|expance|incoms|ledgers)\\/|(journal|activity|sessions)(\\/|\\?|$))/';
const ours = ['api', 'shell', 'shared-ui', ...remotes];
/** The browser packages take contract's browser entry: the routes and texts, no schema. */
const browserContract = [
  {
    name: 'contract',
    message:
      "Import 'contract/browser' in the browser: 'contract' is the server's, with every schema.",
  },
];

/**
 * A `no-restricted-imports` rule that forbids the named workspace packages: the package itself
 * (exact name), its sub-paths, and reaching into its folder by a relative path.
 */
const forbid = (packages, why, extraPaths = []) => {
  const message = `${why} (see docs/decisions/001-package-boundaries.md).`;
  return {
    'no-restricted-imports': [
      'error',
      {
        paths: [...packages.map((name) => ({ name, message })), ...extraPaths],
        patterns: [
          {
            group: packages.flatMap((name) => [
              `${name}/*`,
              `../${name}`,
              `../${name}/*`,
              `../../${name}`,
              `../../${name}/*`,
              `../../../${name}/*`,
            ]),
            message,
          },
        ],
      },
    ],
  };
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      'data/**',
      '**/test-results/**',
      // The server the API tests build for their processes (api/test/server-build.cjs).
      'api/.test-builds/**',
      // The libraries the apps' component tests load, bundled for each run (jest.web.libraries.cjs).
      'shared-ui/.test-builds/**',
      // lerna's task cache (nx.json): copies of builds
      '.nx/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // CommonJS config files load their shared base with require(), by definition.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.tsx', 'shared-ui/**/*.ts', 'shell/**/*.ts', 'mf-*/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['contract/**'],
    rules: forbid(ours, 'contract is the leaf package and imports nothing of ours'),
  },
  {
    files: ['api/**'],
    rules: forbid(['shell', 'shared-ui', ...remotes], 'the api imports only contract'),
  },
  {
    files: ['shared-ui/**'],
    // The test helpers (never bundled) read the server's table for each call's success status.
    ignores: ['shared-ui/src/testing/**'],
    rules: forbid(['api', 'shell', ...remotes], 'shared-ui imports only contract', browserContract),
  },
  {
    files: ['shared-ui/src/testing/**'],
    rules: forbid(['api', 'shell', ...remotes], 'shared-ui imports only contract'),
  },
  {
    files: ['shell/**'],
    rules: forbid(
      ['api', ...remotes],
      'the shell reaches remotes only through federation',
      browserContract,
    ),
  },
  ...remotes.map((remote) => ({
    files: [`${remote}/**`],
    rules: forbid(
      ['api', 'shell', ...remotes.filter((r) => r !== remote)],
      `${remote} imports only shared-ui and contract`,
      browserContract,
    ),
  })),
  { files: ['e2e/**'], rules: forbid(ours, 'e2e talks to the product over HTTP only') },
  ...[['shared-ui/src/**'], ['shell/src/**', 'mf-*/src/**']].map((files, index) => ({
    // Paths of the API live in contract's endpoint list only: the browser calls
    // `call(endpoints.x, ...)`. The apps take the endpoints from shared-ui (a federation
    // singleton), so their routes and texts are bundled once, not into every remote.
    files,
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `Literal[value=${API_PATH}], TemplateElement[value.raw=${API_PATH}]`,
          message: 'No API path in the apps: call(endpoints.x, ...) from shared-ui.',
        },
        ...(index === 0
          ? []
          : [
              {
                selector:
                  "ImportDeclaration[source.value='contract/browser'] > ImportSpecifier[imported.name=/^(endpoints|messages)$/]",
                message: "Take endpoints and messages from 'shared-ui', so one copy is bundled.",
              },
            ]),
      ],
    },
  })),
);

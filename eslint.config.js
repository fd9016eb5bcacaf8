// ESLint flat config. Besides style, it enforces the layering in docs (architecture.md,
// "Folders"): each top-level folder is an environment, and an import that crosses the wrong
// boundary fails `npm run lint` instead of waiting for a review.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Relative imports that leave the current folder for one of `names` (e.g. `../../main/store`). */
const upTo = (...names) => `^(\\./)?(\\.\\./)+(${names.join('|')})(/|$)`;

/**
 * Engine modules the renderer may import as code: pure leaves (no imports, no platform), so one
 * rule is written once and runs on both sides of the bridge (test/repo/layout.test.ts holds them
 * import-free).
 */
export const RENDERER_SHARED = ['claims/when', 'world/no-reply-address', 'world/recipient-refusal'];

/** Node built-ins and native or networked packages that only `main/` may use. */
const NODE_IO = [
  'electron',
  'better-sqlite3',
  'imapflow',
  'nodemailer',
  'fs',
  'fs/promises',
  'node:fs',
  'node:fs/promises',
  'net',
  'node:net',
  'tls',
  'node:tls',
  'http',
  'node:http',
  'https',
  'node:https',
  'http2',
  'node:http2',
  'dgram',
  'node:dgram',
  'child_process',
  'node:child_process',
  'worker_threads',
  'node:worker_threads',
];

/** main/'s inner layers, lowest first; each may import only the layers below it. */
const MAIN_DOMAIN = [
  'main/profile',
  'main/accounts',
  'main/mail',
  'main/calendar',
  'main/claims',
  'main/outbox',
  'main/runs',
  'main/assistant',
  'main/llm',
  'main/engine-host',
  'main/audit',
  'main/secrets',
  'main/net',
];
const MAIN_LAYERS = [
  {
    name: 'store',
    files: ['main/store/**/*.ts'],
    above: [
      'profile',
      'accounts',
      'mail',
      'calendar',
      'claims',
      'outbox',
      'runs',
      'assistant',
      'llm',
      'engine-host',
      'audit',
      'secrets',
      'net',
      'services',
      'app',
      'electron',
    ],
  },
  { name: 'domain', files: MAIN_DOMAIN.map((d) => `${d}/**/*.ts`), above: ['services', 'app', 'electron'] },
  { name: 'services', files: ['main/services/**/*.ts'], above: ['app', 'electron'] },
  { name: 'app', files: ['main/app/**/*.ts'], above: ['electron'] },
  { name: 'electron', files: ['main/electron/**/*.ts'], above: [] },
];

const restrict = (paths, patterns) => ({
  // The TypeScript version understands `import type` (allowTypeImports); the core rule is off.
  'no-restricted-imports': 'off',
  '@typescript-eslint/no-restricted-imports': ['error', { paths, patterns }],
});

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'out/',
      'dist/',
      'coverage/',
      'test/fixtures/',
      '**/*.generated.ts',
      // Guest code runs inside the QuickJS sandbox with its own globals; it is checked by the
      // plan/sandbox tests, not by the host's lint rules.
      '**/*.embed.js',
      // Plan programs (the sandboxed language, with tools as globals), not host code: the plan
      // front end checks them, and tests run them.
      'resources/demo-plans/',
      'resources/attack-plans/',
      'resources/playbooks/',
      'resources/worlds/',
      'test/**/plans/',
      'tmp/',
      'fuzz-out/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },

  // engine/: pure. No Electron, no DOM, no SQLite, no sockets, no file system, no processes.
  // A plan must not reach anything the policy gate does not see, and the same engine runs in
  // the app's worker, the CLI and the tests.
  {
    files: ['engine/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      ...restrict(
        [...NODE_IO, 'react', 'react-dom', 'react-dom/client', 'zustand'].map((name) => ({
          name,
          message: 'engine/ is pure: no I/O, UI or Electron (architecture.md, Folders).',
        })),
        [
          {
            regex: upTo('main', 'renderer', 'preload', 'apps'),
            message: 'engine/ may import only its own files and pure libraries.',
          },
          { regex: '^node:(?!crypto$)', message: 'engine/ may use only node:crypto among Node built-ins.' },
        ],
      ),
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'localStorage', 'fetch', 'XMLHttpRequest', 'WebSocket', 'require'].map((name) => ({
          name,
          message: 'engine/ is pure: effects go through tools and the policy gate.',
        })),
      ],
    },
  },

  // main/: Node and Electron. Only the files in main/electron/ may import electron, so the
  // services stay testable under plain Node and reusable by apps/. Inside, layers import only
  // downwards: store < domain (profile, accounts, mail, calendar, claims, outbox, runs, …) <
  // services < app < electron.
  ...MAIN_LAYERS.map(({ files, ignores, above, name }) => ({
    files,
    ...(ignores ? { ignores } : {}),
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      ...restrict(
        [...(name === 'electron' ? [] : ['electron']), 'react', 'react-dom'].map((n) => ({
          name: n,
          message: 'Only main/electron/*.ts may import electron; main/ has no UI.',
        })),
        [
          { regex: upTo('renderer'), message: 'main/ may not import the renderer.' },
          ...(above.length
            ? [
                {
                  regex: upTo(...above),
                  message: `main/ is layered store < domain < services < app < electron: ${name} may not import ${above.join(', ')}.`,
                },
              ]
            : []),
        ],
      ),
    },
  })),

  // preload/: the bridge. The preload script runs sandboxed (no Node modules); contract.ts is
  // pure so main/, the renderer and the browser host can all share it.
  {
    files: ['preload/**/*.ts'],
    rules: restrict(
      NODE_IO.filter((name) => name !== 'electron').map((name) => ({
        name,
        message: 'The preload script is sandboxed: only electron and bundled pure code.',
      })),
      [
        {
          regex: upTo('main', 'renderer', 'apps'),
          message: 'preload/ may import only its own files and engine types.',
        },
        { regex: '^node:', message: 'The preload script is sandboxed: no Node built-ins.' },
      ],
    ),
  },
  {
    files: ['preload/contract.ts'],
    rules: restrict(
      NODE_IO.map((name) => ({ name, message: 'preload/contract.ts is pure (zod schemas and types only).' })),
      [
        { regex: upTo('main', 'renderer', 'apps'), message: 'preload/contract.ts may import only pure code.' },
        { regex: '^node:', message: 'preload/contract.ts is pure (zod schemas and types only).' },
      ],
    ),
  },

  // renderer/: Chromium with no Node. It talks to the rest only through window.zamburak.
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict(
        [...NODE_IO, 'path', 'os', 'crypto'].map((name) => ({
          name,
          message: 'The renderer has no Node: use window.zamburak (preload/contract.ts).',
        })),
        [
          { regex: '^node:', message: 'The renderer has no Node: use window.zamburak (preload/contract.ts).' },
          { regex: upTo('main', 'apps'), message: 'The renderer may import only preload/contract and its own files.' },
          {
            // Types (labels, decisions) may be shared; engine code never runs in the renderer.
            regex: `^(\\./)?(\\.\\./)+engine(/(?!(${RENDERER_SHARED.join('|')})$)|$)`,
            allowTypeImports: true,
            message:
              'The renderer may not import engine code but RENDERER_SHARED; use `import type` or preload/contract.',
          },
        ],
      ),
    },
  },

  prettier,
);

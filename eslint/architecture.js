// The architecture's folder zones, as import-x/no-restricted-paths zones (decision 014).
// Domains are read from the folders, so a new module or feature is fenced from its first file.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import { noCycleRule } from './no-cycle.js';

const foldersIn = (root, dir) => readdirSync(join(root, dir), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);

/**
 * A domain folder is entered only through its index.ts: every file outside it (its siblings, the
 * layers, the app layer, tests and scripts) may import that one file and no other. `doors` lets
 * some places in by one more file (the router, by a feature's pages.ts).
 */
function domainZones(parent, domains, outside, what, doors = []) {
  return domains.flatMap((name) => [
    {
      target: [...outside, `${parent}/!(${name})/**`],
      from: `${parent}/${name}`,
      except: ['./index.ts', ...doors.map((d) => d.file)],
      message: `Enter the ${what} ${name} through ${parent}/${name}/index.ts.`,
    },
    ...doors.map((door) => ({
      target: [...outside.filter((o) => !door.for.includes(o)), `${parent}/!(${name})/**`],
      from: `${parent}/${name}/${door.file.slice(2)}`,
      message: `${parent}/${name}/${door.file.slice(2)} is for ${door.for.join(', ')} only; use ${parent}/${name}/index.ts.`,
    })),
  ]);
}

/**
 * `forTests`: a test composes like the app layer wherever it lives (builds the app, uses module
 * entries and plugins), so the lower layers' zones do not apply to it; the domain entries do.
 */
export function architectureZones(root, { forTests = false } = {}) {
  const modules = foldersIn(root, 'server/modules');
  const features = foldersIn(root, 'web/features');
  const serverLower = ['server/lib', 'server/db', 'server/services', 'server/policies'];
  const appLayer = ['server/app.ts', 'server/main.ts', 'server/demo.ts', 'server/modules/index.ts'];
  return [
    ...domainZones('server/modules', modules, ['server/!(modules)/**', 'server/*.ts', 'server/modules/*.ts', 'tests/**', 'bench/**', 'scripts/**'], 'module'),
    // The router loads pages through pages.ts (loaders only): importing an index.ts would pull
    // the feature's widgets into the first load (decision 014).
    ...domainZones('web/features', features, ['web/app/**', 'web/!(features|app)/**', 'web/*.{ts,tsx}', 'web/features/*.{ts,tsx}'], 'feature',
      [{ file: './pages.ts', for: ['web/app/**'] }]),
    ...(forTests ? [] : [
      {
        target: [...serverLower, 'server/plugins'],
        from: ['server/modules', ...appLayer],
        message: 'Lower layers (lib, db, services, policies, plugins) import no module: the app layer composes them.',
      },
      {
        target: serverLower,
        from: 'server/plugins',
        message: 'lib, db, services and policies sit below the plugins.',
      },
      // The app layer composes the features (the router through pages.ts): a feature that needs
      // something of it needs it moved down to web/lib or web/components (decision 060).
      {
        target: 'web/features',
        from: ['web/app', 'web/main.tsx'],
        message: 'Features sit below the app layer: they import nothing from web/app; move what they need down to web/lib or web/components.',
      },
    ]),
    {
      target: ['web/lib', 'web/components'],
      from: ['web/features', 'web/app', 'web/main.tsx'],
      message: 'web/lib and web/components import no feature and not the app layer.',
    },
    {
      target: 'shared',
      from: ['server', 'web'],
      message: 'shared/ flows one way: it must not import server or web code.',
    },
  ];
}

const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

/** The lint blocks that enforce the zones and forbid import cycles; the fixtures' test runs the same blocks. */
export function architectureConfig(root) {
  // One resolver, so both blocks share its cache.
  const resolver = createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } });
  // One cycle rule for both blocks too: it keeps the import graph it has read.
  const architecture = { rules: { 'no-cycle': noCycleRule(resolver, root) } };
  const block = (zones) => ({
    plugins: { 'import-x': importX, architecture },
    // The server imports './x.js' for x.ts (NodeNext style), the web './x' (bundler style): both resolve.
    settings: { 'import-x/resolver-next': [resolver] },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      // Not import-x/no-cycle: it skips type-only imports and sees no loop between domains.
      'architecture/no-cycle': 'error',
    },
  });
  return [
    { files: ['**/*.{ts,tsx}'], ignores: TESTS, ...block(architectureZones(root)) },
    { files: TESTS, ...block(architectureZones(root, { forTests: true })) },
  ];
}

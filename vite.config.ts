import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { routePreload } from './web/scripts/route-preload-plugin';

const API_ORIGIN = 'http://localhost:3000';

type ChunkGroup = { name: string; test?: RegExp; tags?: '$initial'[]; includeDependenciesRecursively?: boolean };

const NM = String.raw`node_modules[\\/]`;
const MANTINE_CORE = String.raw`${NM}@mantine[\\/]core[\\/]esm[\\/]`;
const any = (...parts: string[]) => new RegExp(parts.join('|'));

/**
 * What the sign-in page needs beyond the entry (Mantine's inputs, the icon base, the light
 * form). A component it starts to use goes here, else it arrives in a small chunk of its own.
 */
const SIGN_IN_SHARED = any(
  String.raw`${MANTINE_CORE}components[\\/](ActionIcon|Anchor|CloseButton|Group|Input|InputBase|PasswordInput|TextInput|Title)[\\/]`,
  String.raw`${MANTINE_CORE}core[\\/]styles-api[\\/]`,
  String.raw`${NM}@mantine[\\/]hooks[\\/]esm[\\/](use-id|use-uncontrolled|utils[\\/]random-id)[\\/]`,
  String.raw`${NM}@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](createReactComponent|defaultAttributes|icons[\\/]IconMusic)\.`,
  String.raw`[\\/]web[\\/]lib[\\/](useLightForm|forms|validation)\.ts$`,
);

/** What the reset password, signup and pay pages add (skeletons, alerts, badges, the native select, a table's scroll area). */
const PUBLIC_PAGES_SHARED = any(
  String.raw`${MANTINE_CORE}components[\\/](Alert|Badge|Container|Divider|NativeSelect|Paper|SimpleGrid|Skeleton)[\\/]`,
  String.raw`${NM}@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/]Icon(AlertTriangle|CircleCheck|Plus|Trash)\.`,
  String.raw`[\\/]web[\\/]components[\\/]FormParts\.tsx$`,
  String.raw`[\\/]shared[\\/]signup-widget-text\.ts$`,
);

/** A Select and what its dropdown needs, in one chunk that only the pages drawing one load. */
const SELECT = any(
  String.raw`${MANTINE_CORE}components[\\/](Combobox|FocusTrap|Popover|Portal|ScrollArea|Select|Transition|Floating)[\\/]`,
  String.raw`${NM}@floating-ui[\\/]`,
);

/**
 * Libraries every screen needs are grouped into long-lived vendor chunks so a deploy that only
 * touches app code keeps them cached. Everything else (Mantine components, icons, the phone
 * widget) is left to automatic splitting, so each lazy page pulls only what it uses and the
 * login page's initial JavaScript stays inside the 120 KB gzip budget (docs/domains/conventions.md "Performance budgets").
 */
const CHUNK_GROUPS: ChunkGroup[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
  { name: 'forms', test: /node_modules[\\/]react-hook-form[\\/]/ },
  // Apart from the forms: the sign-in page fetches validation only once the user starts typing.
  { name: 'validation', test: /node_modules[\\/](zod|@hookform)[\\/]/ },
  // The phone rule (libphonenumber's metadata) apart from the phone input and its flags: a
  // contract validates phones wherever it is imported, the input is drawn only by a form (decision 077).
  { name: 'phone', test: /node_modules[\\/]libphonenumber-js[\\/]/ },
  { name: 'phone-input', test: /node_modules[\\/](react-phone-number-input|input-format|country-flag-icons)[\\/]/ },
  // The rest of what index.html loads (Mantine's core, the session, the router setup) in the
  // entry chunk itself. Left alone, the bundler cuts it into several small chunks, each
  // compressed on its own: one chunk is about 1 KB gzipped smaller, on every first load.
  { name: 'index', tags: ['$initial'] },
  // The public pages' shared code in two chunks, not twenty: over HTTP/1.1 a phone fetches six
  // files at a time, each a round trip (decision 027). After `index`, so the entry keeps its own.
  // The sign-in page's alone in the first, so its first load stays inside its budget.
  { name: 'public-sign-in', test: SIGN_IN_SHARED },
  // Mantine's Select and its dropdown machinery (Combobox, Popover, Floating UI): two thirds of
  // what the public pages shared, and only the student signup draws one (decision 093). Before the
  // public pages' group, which would otherwise take Floating UI in with its own modules.
  { name: 'public-pages', test: PUBLIC_PAGES_SHARED },
  { name: 'select', test: SELECT, includeDependenciesRecursively: false },
];

const REACT_ROUTER_DEV_BUILD = /([\\/]node_modules[\\/]react-router[\\/]dist[\\/])development([\\/])/;

/**
 * React Router's package.json sends bundlers to its development files (dev warnings on); the
 * package ships production files beside them, identical but for that switch, and about 2 KB
 * gzipped smaller on every first load, /login included (docs/domains/conventions.md "Performance budgets"). Build only: tests
 * keep React Router's development warnings.
 */
function reactRouterForProduction(): Plugin {
  return {
    name: 'cadenza:react-router-for-production',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? { ...resolved, id: resolved.id.replace(REACT_ROUTER_DEV_BUILD, '$1production$2') } : null;
    },
  };
}

export default defineConfig({
  // Vitest runs from the repository root (its include globs start with web/).
  root: process.env.VITEST ? undefined : fileURLToPath(new URL('./web', import.meta.url)),
  plugins: [react(), reactRouterForProduction(), routePreload()],
  build: {
    // WEB_DIST lets two builds (two end-to-end runs) on one machine keep apart.
    outDir: process.env.WEB_DIST ?? fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    // Lets web/scripts/initial-js-size.ts follow what a page loads.
    manifest: true,
    // Every browser Cadenza supports has <link rel="modulepreload">; the polyfill is dead weight.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: { groups: CHUNK_GROUPS },
      },
    },
  },
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/socket.io': { target: API_ORIGIN, ws: true },
    },
  },
});

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API_ORIGIN = 'http://localhost:3000';

/**
 * Libraries every screen needs are grouped into long-lived vendor chunks so a deploy that only
 * touches app code keeps them cached. Everything else (Mantine components, icons, the phone
 * widget) is left to automatic splitting, so each lazy page pulls only what it uses and the
 * login page's initial JavaScript stays inside the 120 KB gzip budget (DESIGN.md).
 */
const VENDOR_GROUPS: { name: string; test: RegExp }[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
  { name: 'forms', test: /node_modules[\\/]react-hook-form[\\/]/ },
  // Apart from the forms: the sign-in page fetches validation only once the user starts typing.
  { name: 'validation', test: /node_modules[\\/](zod|@hookform)[\\/]/ },
  { name: 'phone', test: /node_modules[\\/](libphonenumber-js|react-phone-number-input|input-format|country-flag-icons)[\\/]/ },
];

export default defineConfig({
  // Vitest runs from the repository root (its include globs start with web/).
  root: process.env.VITEST ? undefined : fileURLToPath(new URL('./web', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    // Lets web/scripts/initial-js-size.ts follow what a page loads.
    manifest: true,
    // Every browser Cadenza supports has <link rel="modulepreload">; the polyfill is dead weight.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: { groups: VENDOR_GROUPS },
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

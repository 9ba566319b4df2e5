import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';

/**
 * The public pages a visitor opens cold (schools embed them in their own sites): their route
 * pattern and the modules they need beyond the entry. Keep in step with web/app/pages.ts.
 */
const PUBLIC_ROUTES: { pattern: string; modules: string[] }[] = [
  { pattern: '^/(login)?$', modules: ['features/auth/LoginPage.tsx'] },
  { pattern: '^/studentSignup/[^/]+$', modules: ['app/DataProviders.tsx', 'features/signupWidget/StudentSignupPage.tsx'] },
  { pattern: '^/resetpassword/[^/]+$', modules: ['app/DataProviders.tsx', 'features/auth/ResetPasswordPage.tsx'] },
];

/**
 * Without help the browser learns of a page's chunk only once the entry has run, and of that
 * chunk's imports only once it has arrived: three round trips in a row on a phone. This build
 * step writes a small script, loaded by index.html before the entry, that asks for the whole
 * closure of the current public page's chunks at once (decision 026). A file, not an inline
 * script: the Content-Security-Policy allows scripts from 'self' only.
 */
export function routePreload(): Plugin {
  return {
    name: 'cadenza:route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      const html = bundle['index.html'];
      if (!entry || !html || html.type !== 'asset') return;
      const loadedByEntry = closure(bundle, [entry.fileName]);
      const routes = PUBLIC_ROUTES.map(({ pattern, modules }) => {
        const roots = modules.map((m) => {
          const chunk = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(`/web/${m}`));
          if (!chunk) throw new Error(`route-preload: no chunk for ${m}`);
          return chunk.fileName;
        });
        const files = [...closure(bundle, roots)].filter((f) => !loadedByEntry.has(f));
        return [pattern, files.map((f) => `/${f}`)];
      });
      const source = `(function(){var r=${JSON.stringify(routes)},p=location.pathname;for(var i=0;i<r.length;i++){if(!new RegExp(r[i][0]).test(p))continue;r[i][1].forEach(function(h){var l=document.createElement('link');if(/\\.css$/.test(h)){l.rel='stylesheet'}else{l.rel='modulepreload';l.crossOrigin=''}l.href=h;document.head.appendChild(l)});return}})();\n`;
      const fileName = `assets/route-preload-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      // Async: it runs the moment it arrives, while the entry and React still download.
      html.source = String(html.source).replace('<head>', `<head>\n    <script async src="/${fileName}"></script>`);
    },
  };
}

/** The chunk files (and their CSS) that these chunks load statically. */
function closure(bundle: OutputBundle, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const chunk = bundle[file];
    if (chunk?.type !== 'chunk') return;
    for (const css of (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? []) seen.add(css);
    chunk.imports.forEach(visit);
  };
  roots.forEach(visit);
  return seen;
}

import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';

/**
 * The API call a page makes first, which the script starts too: POST `{ [param]: first capture,
 * ...with }` (in that order, the order the page's body has), or GET of `path` followed by the
 * first capture (the route's pattern keeps it URL-safe).
 */
export type RoutePrefetch = { path: string; param: string; with?: Record<string, string> } | { path: string; method: 'GET' };

export type PublicRoute = { pattern: string; modules: string[]; prefetch?: RoutePrefetch };

/**
 * The plan and login widgets' public paths and the widget each reads its school for
 * (shared/plan-widgets-text.ts's WIDGET_TEXT, which widgetPublicApi.test.ts holds this equal to;
 * not imported: the build's config loads this file outside the app's module resolution).
 */
export const PLAN_WIDGET_PATHS = [
  ['plans', 'planwidget'],
  ['login', 'loginwidget'],
  ['student-login', 'studentWidget'],
  ['register', 'registerwidget'],
] as const;

/**
 * The public pages a visitor opens cold (schools embed them in their own sites): their route
 * pattern and the modules they need beyond the entry. Keep in step with web/app/pages.ts; a
 * prefetch with the page's own call (features/signup-widget/schoolPrefetch.test.ts checks the widget's key).
 */
export const PUBLIC_ROUTES: PublicRoute[] = [
  { pattern: '^/(login)?$', modules: ['features/auth/LoginPage.tsx'] },
  {
    pattern: '^/studentSignup/([^/]+)$',
    modules: ['features/signup-widget/StudentSignupPage.tsx'],
    prefetch: { path: '/api/student/studentSignupWidget/school', param: 'adminId' },
  },
  { pattern: '^/resetpassword/[^/]+$', modules: ['features/auth/ResetPasswordPage.tsx'] },
  { pattern: '^/acceptinvitation/[^/]+$', modules: ['features/auth/AcceptInvitationPage.tsx'] },
  {
    pattern: '^/invoices/pay/([A-Za-z0-9_-]{20,100})$',
    modules: ['features/billing/family/PayInvoicePage.tsx'],
    prefetch: { path: '/api/invoice/', method: 'GET' },
  },
  {
    pattern: '^/signup/([^/]+)$',
    modules: ['features/school-plans/signup/SchoolSignupPage.tsx'],
    prefetch: { path: '/api/schoolBilling/signupPlans', param: 'id' },
  },
  // Before the plan widgets' /widget/:kind/ (web/app/publicPages.ts ranks it first too).
  {
    pattern: '^/widget/store/([^/]+)$',
    modules: ['features/store/widget/StoreWidgetPublicPage.tsx'],
    prefetch: { path: '/api/store/widget/public', param: 'adminId' },
  },
  ...PLAN_WIDGET_PATHS.map(([kind, widget]): PublicRoute => ({
    pattern: `^/widget/${kind}/([^/]+)$`,
    modules: ['features/billing/plans/WidgetPublicPage.tsx'],
    prefetch: { path: '/api/widget/public/school', param: 'adminId', with: { widget } },
  })),
];

/**
 * Without help the browser learns of a page's chunk only once the entry has run, and of that
 * chunk's imports only once it has arrived: three round trips in a row on a phone. This build
 * step writes a small script, loaded by index.html before the entry, that asks for the whole
 * closure of the current public page's chunks at once (decision 026), and starts the page's
 * first API call, whose answer web/lib/prefetched.ts hands to the page (decision 027). A file,
 * not an inline script: the Content-Security-Policy allows scripts from 'self' only.
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
      const routes = PUBLIC_ROUTES.map(({ pattern, modules, prefetch }): PreloadRoute => {
        const roots = modules.map((m) => {
          const chunk = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(`/web/${m}`));
          if (!chunk) throw new Error(`route-preload: no chunk for ${m}`);
          return chunk.fileName;
        });
        const files = [...closure(bundle, roots)].filter((f) => !loadedByEntry.has(f));
        return { pattern, files: files.map((f) => `/${f}`), prefetch };
      });
      const source = preloadScript(routes);
      const fileName = `assets/route-preload-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      // Async: it runs the moment it arrives, while the entry and React still download.
      html.source = String(html.source).replace('<head>', `<head>\n    <script async src="/${fileName}"></script>`);
    },
  };
}

/** A public route as the script sees it: its pattern, its files, and its first API call. */
export type PreloadRoute = { pattern: string; files: string[]; prefetch?: RoutePrefetch };

/**
 * The script's source (ES5: it runs before anything else, in every browser). The prefetch key is
 * lib/prefetched.ts's callKey (the path, a space, the JSON body) or getKey ("GET " and the URL);
 * its global, PREFETCH_GLOBAL.
 * A failed prefetch is marked handled here; the page that takes it still sees the failure.
 */
export function preloadScript(routes: PreloadRoute[]): string {
  return `(function(){var r=${JSON.stringify(routes)},p=location.pathname;
for(var i=0;i<r.length;i++){var m=new RegExp(r[i].pattern).exec(p);if(!m)continue;
r[i].files.forEach(function(h){var l=document.createElement('link');if(/\\.css$/.test(h)){l.rel='stylesheet'}else{l.rel='modulepreload';l.crossOrigin=''}l.href=h;document.head.appendChild(l)});
var f=r[i].prefetch;if(f&&m[1]&&window.fetch){var s=window.__cadenzaPrefetched=window.__cadenzaPrefetched||{},q;
if(f.method==='GET'){var u=f.path+m[1];q=fetch(u,{headers:{Accept:'application/json'}});q['catch'](function(){});s['GET '+u]=q;return}
var b={},k;try{b[f.param]=decodeURIComponent(m[1])}catch(e){return}for(k in f['with']||{})b[k]=f['with'][k];b=JSON.stringify(b);
q=fetch(f.path,{method:'POST',headers:{Accept:'application/json','Content-Type':'application/json'},body:b});q['catch'](function(){});
s[f.path+' '+b]=q}
return}})();\n`;
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

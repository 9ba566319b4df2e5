import Fastify from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import newHeaders, { helmetHeaderList } from '../server/plugins/security-headers.js';
const FIXED = Object.fromEntries(helmetHeaderList().map(([k, v]) => [k.toLowerCase(), v]));

const HSTS = 'max-age=31536000; includeSubDomains';
const helmetHeaders = helmet({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], styleSrc: ["'self'", "'unsafe-inline'"], imgSrc: ["'self'", 'data:', 'blob:'], scriptSrc: ["'self'"], connectSrc: ["'self'"], workerSrc: ["'self'"], frameSrc: ["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'], upgradeInsecureRequests: null } }, strictTransportSecurity: false });
const oldHeaders = fp(async (app) => {
  app.addHook('onRequest', (request, reply, done) => { helmetHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)); });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
});
async function build(kind: 'old' | 'new' | 'none' | 'store') {
  const app = Fastify();
  if (kind === 'old') {
    await app.register(oldHeaders);
    const FRAMED = ['/studentSignup/', '/widget/', '/signup/'];
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.method === 'GET' && FRAMED.some((prefix) => request.url.startsWith(prefix))) { reply.removeHeader('x-frame-options'); }
      done(null, payload);
    });
  } else if (kind === 'store') {
    app.addHook('onRequest', (_request, reply, done) => { reply.headers(FIXED); done(); });
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  } else if (kind === 'new') await app.register(newHeaders, { framed: ['/studentSignup/', '/widget/', '/signup/'] });
  app.post('/api/member/students/list', async () => ({ status: 200, message: 'Success', data: { results: [] } }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}
const apps = { none: await build('none'), old: await build('old'), new: await build('new'), store: await build('store') };
const times: Record<string, number[]> = { none: [], old: [], new: [], store: [] };
const N = 2000;
for (let round = 0; round < 12; round++) {
  for (const kind of (round % 2 ? ['none', 'old', 'new', 'store'] : ['store', 'new', 'old', 'none']) as const) {
    const app = apps[kind];
    const t0 = process.cpuUsage();
    for (let i = 0; i < N; i++) await app.inject({ method: 'POST', url: '/api/member/students/list', payload: { page: 3 } });
    const t = process.cpuUsage(t0);
    if (round >= 2) times[kind].push((t.user + t.system) / N);
  }
}
const median = (a: number[]) => a.sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
for (const k of ['none', 'old', 'new', 'store']) console.log(k, 'µs CPU per inject (median of 10 rounds)', median(times[k]!).toFixed(1));
await Promise.all(Object.values(apps).map((a) => a.close()));

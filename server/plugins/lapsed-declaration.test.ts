import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import authPlugin from './auth.js';

/** A route behind a session guard that is not a contract's still says what a lapsed school may do (decision 071). */
describe('a route with a session guard', () => {
  async function appWithAuth() {
    const app = Fastify();
    await app.register(authPlugin);
    return app;
  }

  it('without config.lapsedSchool is refused at registration', async () => {
    const app = await appWithAuth();
    expect(() => app.get('/undeclared', { onRequest: [app.requireAuth()] }, () => 'x'))
      .toThrow('GET /undeclared: a route with a session guard declares config.lapsedSchool (decision 071)');
    await app.close();
  });

  it('with it, or without a session guard, registers', async () => {
    const app = await appWithAuth();
    app.get('/declared', { onRequest: [app.requireAuth('admin')], config: { lapsedSchool: 'closed' } }, () => 'x');
    app.get('/public', () => 'x');
    await app.ready();
    expect(app.hasRoute({ method: 'GET', url: '/declared' })).toBe(true);
    await app.close();
  });
});

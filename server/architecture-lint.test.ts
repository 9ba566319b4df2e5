import { describe, expect, it } from 'vitest';
import { fixtureLinter } from './test/lint-fixtures.js';
import { architectureConfig } from '../eslint/architecture.js';

const linter = fixtureLinter((root) => architectureConfig(root));
const problemsOf = async (file: string) => (await linter.messagesOf(file)).map((m) => ({ rule: m.ruleId, message: m.message }));

describe('the architecture lint', () => {
  it('refuses a module file reached past the module index', async () => {
    expect(await problemsOf('server/modules/beta/skips-index.ts')).toEqual([
      { rule: 'import-x/no-restricted-paths', message: expect.stringContaining('Enter the module alpha through server/modules/alpha/index.ts') },
    ]);
  });

  it('refuses a lower layer importing a module, even through its index', async () => {
    expect(await problemsOf('server/lib/imports-module.ts')).toEqual([
      { rule: 'import-x/no-restricted-paths', message: expect.stringContaining('Lower layers (lib, db, services, policies, plugins) import no module') },
    ]);
  });

  it('refuses a lower layer importing the app layer; a test there may build the app, but still enters modules by their index', async () => {
    expect(await problemsOf('server/lib/imports-app.ts')).toEqual([
      { rule: 'import-x/no-restricted-paths', message: expect.stringContaining('Lower layers (lib, db, services, policies, plugins) import no module') },
    ]);
    expect(await problemsOf('server/lib/builds-app.test.ts')).toEqual([]);
    expect(await problemsOf('server/lib/reaches-in.test.ts')).toEqual([
      { rule: 'import-x/no-restricted-paths', message: expect.stringContaining('Enter the module alpha through server/modules/alpha/index.ts') },
    ]);
  });

  it('refuses a two-file import cycle, on both files', async () => {
    for (const file of ['server/modules/beta/cycle-a.ts', 'server/modules/beta/cycle-b.ts']) {
      expect(await problemsOf(file)).toEqual([{ rule: 'architecture/no-cycle', message: expect.stringContaining('Dependency cycle') }]);
    }
  });

  it('refuses a cycle closed only by a type import, on both files', async () => {
    expect(await problemsOf('server/modules/beta/type-cycle-a.ts')).toEqual([
      { rule: 'architecture/no-cycle', message: expect.stringContaining('Dependency cycle, counting type imports: server/modules/beta/type-cycle-a.ts → server/modules/beta/type-cycle-b.ts → server/modules/beta/type-cycle-a.ts') },
    ]);
    expect(await problemsOf('server/modules/beta/type-cycle-b.ts')).toEqual([
      { rule: 'architecture/no-cycle', message: expect.stringContaining('Dependency cycle') },
    ]);
  });

  it('refuses two features that import each other through their entries, though no file loops', async () => {
    expect(await problemsOf('web/features/epsilon/shows-zeta.ts')).toEqual([
      { rule: 'architecture/no-cycle', message: expect.stringContaining('Domain loop: web/features/epsilon → web/features/zeta → web/features/epsilon') },
    ]);
    expect(await problemsOf('web/features/zeta/shows-epsilon.ts')).toEqual([
      { rule: 'architecture/no-cycle', message: expect.stringContaining('Domain loop: web/features/zeta → web/features/epsilon → web/features/zeta') },
    ]);
  });

  it('refuses a feature importing the app layer', async () => {
    expect(await problemsOf('web/features/delta/imports-app.ts')).toEqual([
      { rule: 'import-x/no-restricted-paths', message: expect.stringContaining('Features sit below the app layer') },
    ]);
  });

  it('refuses a feature file reached past the feature index, and pages.ts outside the router', async () => {
    expect(await problemsOf('web/features/delta/skips-index.ts')).toEqual([
      { rule: 'import-x/no-restricted-paths', message: expect.stringContaining('Enter the feature gamma through web/features/gamma/index.ts') },
    ]);
    expect(await problemsOf('web/features/delta/imports-pages.ts')).toEqual([
      { rule: 'import-x/no-restricted-paths', message: expect.stringContaining('web/features/gamma/pages.ts is for web/app/** only') },
    ]);
  });

  it('refuses web/lib importing a feature and shared/ importing the server', async () => {
    expect(await problemsOf('web/lib/imports-feature.ts')).toEqual([
      { rule: 'import-x/no-restricted-paths', message: expect.stringContaining('web/lib and web/components import no feature') },
    ]);
    expect(await problemsOf('shared/imports-server.ts')).toEqual([
      { rule: 'import-x/no-restricted-paths', message: expect.stringContaining('shared/ flows one way') },
    ]);
  });

  it("accepts imports through an index, the router through pages.ts, and a domain's own sub-folders", async () => {
    for (const file of ['server/modules/beta/clean.ts', 'server/modules/alpha/index.ts', 'web/features/delta/clean.ts', 'web/app/pages.ts', 'web/features/gamma/index.ts']) {
      expect(await problemsOf(file), file).toEqual([]);
    }
  });
});

import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';

/**
 * The lint rules' tests: a folder of fixtures (under eslint/fixtures) linted with the very block
 * eslint.config.js uses, so a fixture proves the rule bites as the build runs it.
 */
type Configs = Linter.Config | Linter.Config[];

/** `config` may need the fixtures' root (architecture's and link-tables' zones are paths under it). */
export function fixtureLinter(config: Configs | ((root: string) => Configs), options: { folder?: string; files?: string } = {}) {
  const root = fileURLToPath(new URL(`../../eslint/fixtures/${options.folder ?? ''}`, import.meta.url));
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [{ files: [options.files ?? '**/*.ts'], languageOptions: { parser: tseslint.parser } }, ...[typeof config === 'function' ? config(root) : config].flat()],
  });
  return {
    root,
    /** What the rules say of one fixture, by its path under the folder. */
    async messagesOf(file: string): Promise<Linter.LintMessage[]> {
      const [result] = await eslint.lintFiles([file]);
      return result!.messages;
    },
  };
}

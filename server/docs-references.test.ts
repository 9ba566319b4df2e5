import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself (issue 24, docs/domains/README.md): comments and docs cite pages
 * under docs/, never a document that lives outside the repository, and every page they cite is
 * there. These checks make a stale or outside citation fail `npm test` instead of a review.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const self = relative(root, fileURLToPath(import.meta.url));

/** Forms of citing the outside product description and design brief, each with why it is refused. */
const OUTSIDE: [RegExp, string][] = [
  [/\bSPEC\.md\b/i, 'the product description is not in the repository: cite docs/domains/<page>.md'],
  [/\bDESIGN\.md\b/i, 'the design brief is not in the repository: cite docs/domains/conventions.md or docs/ARCHITECTURE.md'],
  [/\bdesign brief\b/i, 'the design brief is not in the repository: cite docs/domains/conventions.md'],
  [/\bspec sections?\b/i, 'cite the section of a docs/domains page, e.g. docs/domains/members.md "Rules"'],
  [/\bspec\s*§/i, 'cite the section of a docs/domains page'],
  [/\bthe spec(?:'s|’s)?\b/i, 'cite the docs/domains page that says it'],
  [/\(spec\b(?![.,])/i, 'cite the docs/domains page that says it'],
  [/\bspec[- ]style\b/i, 'say "documented" and cite the docs/domains page'],
  [/\/work\/shared\b/, 'a folder outside the repository'],
  // The checkout's parent folder and what it held; imports of the repository's own shared/ code
  // ('../shared/roles.js') stay allowed.
  [/\.\.\/shared(?!\/)|\.\.\/shared\/(?:spec|DESIGN)\b/, 'a folder outside the repository'],
];

const TEXT = /\.(?:ts|tsx|js|mjs|cjs|json|md|sql|yml|yaml|css|html|sh|txt)$|(?:^|\/)(?:Dockerfile|\.gitignore|run)$/;

function trackedFiles(): string[] {
  let files: string[];
  try {
    files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  } catch {
    files = walk(root);
  }
  return files.filter((f) => TEXT.test(f) && f !== 'package-lock.json' && existsSync(join(root, f)));
}

/** Without git (an unpacked archive): the tree, without what is installed or built. */
function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (['node_modules', 'dist', 'data', '.git', 'test-results', 'playwright-report'].includes(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...walk(path));
    else out.push(relative(root, path));
  }
  return out;
}

const files = trackedFiles();
const read = (f: string) => readFileSync(join(root, f), 'utf8');

/** A page's section names: its headings, without the leading #s. */
function headingsOf(page: string): Set<string> {
  return new Set(read(page).split('\n').filter((l) => /^#{1,6} /.test(l)).map((l) => l.replace(/^#+ /, '').trim()));
}

/** `docs/decisions/005` names decision 005; a pattern (`*`) needs one file that matches it. */
function citedPathExists(path: string): boolean {
  if (existsSync(join(root, path))) return true;
  const decision = /^docs\/decisions\/(\d{3})$/.exec(path);
  if (decision) return readdirSync(join(root, 'docs/decisions')).some((f) => f.startsWith(`${decision[1]}-`));
  if (path.includes('*')) {
    const folder = dirname(path);
    const pattern = new RegExp(`^${path.slice(folder.length + 1).split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
    return existsSync(join(root, folder)) && readdirSync(join(root, folder)).some((f) => pattern.test(f));
  }
  return false;
}

describe('docs that live in the repository', () => {
  it('no file cites the product description or the design brief outside the repository', () => {
    const found: string[] = [];
    for (const f of files) {
      if (f === self) continue;
      read(f).split('\n').forEach((line, i) => {
        for (const [pattern, why] of OUTSIDE) {
          if (pattern.test(line)) found.push(`${f}:${i + 1}: ${why}: ${line.trim().slice(0, 120)}`);
        }
      });
    }
    expect(found).toEqual([]);
  });

  it('every docs/… path a file cites exists', () => {
    const missing: string[] = [];
    for (const f of files) {
      read(f).split('\n').forEach((line, i) => {
        for (const m of line.matchAll(/\bdocs\/[A-Za-z0-9_./*<>-]+/g)) {
          const path = m[0].replace(/[.,:;)]+$/, '');
          if (path.includes('<') || path.endsWith('/NNN-title.md')) continue; // a placeholder, not a page
          if (!citedPathExists(path)) missing.push(`${f}:${i + 1}: ${path}`);
        }
      });
    }
    expect(missing).toEqual([]);
  });

  it('every section cited as docs/domains/<page>.md "<Section>" is a heading of that page', () => {
    const pages = new Map<string, Set<string>>();
    const sectionsOf = (page: string) => {
      if (!pages.has(page)) pages.set(page, existsSync(join(root, page)) ? headingsOf(page) : new Set());
      return pages.get(page)!;
    };
    const wrong: string[] = [];
    for (const f of files) {
      read(f).split('\n').forEach((line, i) => {
        // docs/domains/<page>.md "A", "B" anywhere; inside docs/domains, also the short form <page>.md "A".
        const cites = f.startsWith('docs/domains/')
          ? line.matchAll(/(?:\bdocs\/domains\/|(?<![\w/.-]))([a-z0-9-]+\.md)((?: ?"[^"\n]+",?)+)/g)
          : line.matchAll(/\bdocs\/domains\/([a-z0-9-]+\.md)((?: ?"[^"\n]+",?)+)/g);
        for (const m of cites) {
          const page = `docs/domains/${m[1]}`;
          if (!existsSync(join(root, page))) continue;
          for (const [, section] of m[2]!.matchAll(/"([^"\n]+)"/g)) {
            if (!sectionsOf(page).has(section!)) wrong.push(`${f}:${i + 1}: ${page} has no section "${section}"`);
          }
        }
      });
    }
    expect(wrong).toEqual([]);
  });
});

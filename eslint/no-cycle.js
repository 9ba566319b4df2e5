// Import loops, counting every import: value, type-only, re-export and dynamic (decision 060).
// import-x/no-cycle skips type-only imports and has no option to count them, and it sees files,
// not domains; this rule sees both.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|js|mjs)$/;
const TEST = /\.test\.tsx?$/;
/** Folders whose sub-folders are domains: a domain may not lead back to itself through another. */
const DOMAIN_PARENTS = ['web/features', 'server/modules'];

/**
 * The rule, sharing the lint's resolver. `Dependency cycle`: a file whose import leads back to
 * it. `Domain loop`: a module or feature whose import of another leads back to it through any
 * file of the other (tests aside), although no single file loops: members showed scheduling's
 * widgets while scheduling searched people through members.
 */
export function noCycleRule(resolver, root) {
  /** file → { mtime, targets: resolved source files it imports } */
  const importsOf = new Map();
  /** file → its strongly connected component (an array shared by its members) */
  const componentOf = new Map();
  /** The domain graph: domain → Map(domain it imports → one importing file), built on first need. */
  let domains = null;

  const forget = () => {
    importsOf.clear();
    componentOf.clear();
    domains = null;
  };

  function imports(file) {
    let mtime;
    try {
      mtime = statSync(file).mtimeMs;
    } catch {
      return [];
    }
    const known = importsOf.get(file);
    if (known && known.mtime === mtime) return known.targets;
    if (known) forget();
    const targets = [];
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      const target = resolveFrom(fileName, file);
      if (target && !targets.includes(target)) targets.push(target);
    }
    importsOf.set(file, { mtime, targets });
    return targets;
  }

  function resolveFrom(spec, file) {
    const found = resolver.resolve(spec, file);
    if (!found.found || !found.path || found.path.includes(`${sep}node_modules${sep}`) || !SOURCE.test(found.path)) return null;
    return found.path;
  }

  /** Tarjan's components from `start`; files already placed keep theirs (their reach is closed). */
  function placeComponents(start) {
    if (componentOf.has(start)) return;
    let next = 0;
    const index = new Map();
    const low = new Map();
    const stack = [];
    const onStack = new Set();
    const visit = (file) => {
      index.set(file, next);
      low.set(file, next);
      next += 1;
      stack.push(file);
      onStack.add(file);
      for (const target of imports(file)) {
        if (componentOf.has(target)) continue;
        if (!index.has(target)) {
          visit(target);
          low.set(file, Math.min(low.get(file), low.get(target)));
        } else if (onStack.has(target)) {
          low.set(file, Math.min(low.get(file), index.get(target)));
        }
      }
      if (low.get(file) === index.get(file)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== file);
        for (const m of component) componentOf.set(m, component);
      }
    };
    visit(start);
  }

  /** The shortest way from `from` back to `to`, within their component. */
  function wayBack(from, to) {
    const component = new Set(componentOf.get(from));
    const cameFrom = new Map([[from, null]]);
    const queue = [from];
    while (queue.length > 0) {
      const file = queue.shift();
      if (file === to) break;
      for (const target of imports(file)) {
        if (component.has(target) && !cameFrom.has(target)) {
          cameFrom.set(target, file);
          queue.push(target);
        }
      }
    }
    const way = [];
    for (let file = to; file; file = cameFrom.get(file)) way.unshift(file);
    return way;
  }

  function domainOf(file) {
    const rel = relative(root, file).split(sep).join('/');
    for (const parent of DOMAIN_PARENTS) {
      if (rel.startsWith(`${parent}/`)) {
        const name = rel.slice(parent.length + 1).split('/')[0];
        if (rel.split('/').length > parent.split('/').length + 1) return `${parent}/${name}`;
      }
    }
    return null;
  }

  function domainGraph() {
    if (domains) return domains;
    const graph = new Map();
    for (const parent of DOMAIN_PARENTS) {
      let files;
      try {
        files = readdirSync(join(root, parent), { recursive: true });
      } catch {
        continue;
      }
      for (const name of files) {
        const file = join(root, parent, name);
        if (!SOURCE.test(file) || TEST.test(file)) continue;
        const from = domainOf(file);
        if (!from) continue;
        for (const target of imports(file)) {
          const to = domainOf(target);
          if (!to || to === from) continue;
          if (!graph.has(from)) graph.set(from, new Map());
          if (!graph.get(from).has(to)) graph.get(from).set(to, file);
        }
      }
    }
    domains = graph;
    return graph;
  }

  /** The domains from `from` back to `to`, or null when there is no way back. */
  function domainWayBack(graph, from, to) {
    const cameFrom = new Map([[from, null]]);
    const queue = [from];
    while (queue.length > 0) {
      const domain = queue.shift();
      if (domain === to) {
        const way = [];
        for (let d = to; d; d = cameFrom.get(d)) way.unshift(d);
        return way;
      }
      for (const next of graph.get(domain)?.keys() ?? []) {
        if (!cameFrom.has(next)) {
          cameFrom.set(next, domain);
          queue.push(next);
        }
      }
    }
    return null;
  }

  return {
    meta: {
      type: 'problem',
      docs: { description: 'Forbid import loops between files (type-only and dynamic imports included) and between domains.' },
      schema: [],
      messages: {
        cycle: 'Dependency cycle, counting type imports: {{way}}.',
        domainLoop: 'Domain loop: {{way}}. Move the piece both use down (web/components, web/lib, a lower domain) or invert the dependency (decision 060).',
      },
    },
    create(context) {
      const file = context.physicalFilename;
      if (!SOURCE.test(file)) return {};
      const show = (f) => relative(root, f).split(sep).join('/');
      const reported = new Set();

      function check(node, spec) {
        if (typeof spec !== 'string') return;
        const target = resolveFrom(spec, file);
        if (!target || target === file) return;
        placeComponents(file);
        if (componentOf.get(file) === componentOf.get(target) && componentOf.get(file).length > 1) {
          const way = [file, ...wayBack(target, file)];
          context.report({ node, messageId: 'cycle', data: { way: way.map(show).join(' → ') } });
          return;
        }
        if (TEST.test(file)) return;
        const from = domainOf(file);
        const to = domainOf(target);
        if (!from || !to || from === to || reported.has(to)) return;
        const back = domainWayBack(domainGraph(), to, from);
        if (back) {
          reported.add(to);
          context.report({ node, messageId: 'domainLoop', data: { way: [from, ...back].join(' → ') } });
        }
      }

      const literal = (source) => (source && source.type === 'Literal' ? source.value : null);
      return {
        ImportDeclaration: (node) => check(node, literal(node.source)),
        ExportNamedDeclaration: (node) => check(node, literal(node.source)),
        ExportAllDeclaration: (node) => check(node, literal(node.source)),
        ImportExpression: (node) => check(node, literal(node.source)),
        TSImportType: (node) => check(node, literal(node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument)),
        TSExternalModuleReference: (node) => check(node, literal(node.expression)),
      };
    },
  };
}

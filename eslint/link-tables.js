// The link tables (who relates to whom) are read through the relations module and written by
// their owner only (decisions 016, 057). A module that imports one from db/schema, or names one in
// an SQL text, anywhere else is refused: the next reader of "a parent's children" asks relations.
import { relative, sep } from 'node:path';

/**
 * Each link table, by its Drizzle name and its SQL name, with the folders that may touch it:
 * relations (which reads it for everyone) and the module that writes it.
 */
export const LINK_TABLES = [
  {
    drizzle: 'parentChildren',
    sql: 'parent_children',
    // members links a parent and child on the forms and the import; families keeps the links in
    // step with households (decision 008).
    owners: ['server/modules/members/', 'server/modules/families/'],
  },
  {
    drizzle: 'classGroupStudents',
    sql: 'class_group_students',
    // classes keeps a class/group's members. billing/plans still adds a subscriber to the plan's
    // class/group itself, until the tables-owned-by-their-modules part moves that write to classes.
    owners: ['server/modules/classes/', 'server/modules/billing/plans/start-subscription.ts'],
  },
  {
    drizzle: 'studentTeachers',
    sql: 'student_teachers',
    owners: ['server/modules/members/'],
  },
];

/** Where any link table may be named: relations, the schema and the demo's seed, tests and their factories. */
const EVERYWHERE = ['server/modules/relations/', 'server/db/', 'server/test/'];
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

const messageOf = (table) =>
  `${table.sql} is read through server/modules/relations/index.ts and written by ${table.owners.join(', ')} only (decision 057).`;

function allows(file, table) {
  return [...EVERYWHERE, ...table.owners].some((place) => (place.endsWith('/') ? file.startsWith(place) : file === place));
}

/** An SQL text that reads or writes the table (a column list such as 'parent_children.parent_id' is not). */
const sqlUse = (name) => new RegExp(`\\b(from|join|into|update)\\s+${name}\\b`, 'i');

function ruleFor(root) {
  return {
    meta: { type: 'problem', schema: [] },
    create(context) {
      const file = relative(root, context.filename).split(sep).join('/');
      const barred = LINK_TABLES.filter((table) => !allows(file, table));
      if (barred.length === 0) return {};
      const checkText = (node, text) => {
        for (const table of barred) if (sqlUse(table.sql).test(text)) context.report({ node, message: messageOf(table) });
      };
      return {
        ImportDeclaration(node) {
          if (!/db\/schema/.test(String(node.source.value))) return;
          for (const spec of node.specifiers) {
            const name = spec.type === 'ImportSpecifier' ? (spec.imported.name ?? spec.imported.value) : null;
            const table = barred.find((t) => t.drizzle === name);
            if (table) context.report({ node: spec, message: messageOf(table) });
          }
        },
        TemplateLiteral(node) {
          checkText(node, node.quasis.map((q) => q.value.cooked ?? q.value.raw).join(' '));
        },
        Literal(node) {
          if (typeof node.value === 'string') checkText(node, node.value);
        },
      };
    },
  };
}

/** The lint block that keeps the link tables to relations and their owners; the fixtures' test runs the same block. */
export function linkTablesConfig(root) {
  return [
    {
      files: ['server/**/*.ts'],
      ignores: TESTS,
      plugins: { 'link-tables': { rules: { 'only-relations-and-owners': ruleFor(root) } } },
      rules: { 'link-tables/only-relations-and-owners': 'error' },
    },
  ];
}

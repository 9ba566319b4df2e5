// The school's clock lives in shared/school-clock.ts and server/lib/school-clock.ts (decision 055):
// no other file puts a luxon value on a zone's wall clock or reads a school's zone itself.
const CLOCK_FILES = ['shared/school-clock.ts', 'server/lib/school-clock.ts'];

const ZONE_FREE = new Set(['utc', 'UTC']);
const isDateTimeCall = (node) => node.callee.type === 'MemberExpression' && node.callee.object.type === 'Identifier' && node.callee.object.name === 'DateTime';
const keyName = (p) => p.type === 'Property' && (p.key.type === 'Identifier' ? p.key.name : p.key.value);
// A literal 'UTC' is a calendar without a wall clock (date arithmetic, floating recurrence times).
const zoneFree = (value) => value.type === 'Literal' && ZONE_FREE.has(value.value);

const rule = {
  meta: {
    type: 'problem',
    docs: { description: "Wall-clock conversion and a school's zone only through the school's clock" },
    messages: {
      zonedDateTime: "Put instants on a wall clock through shared/school-clock.ts (inZone, atLocal, todayIn, dayBounds...), not a zoned luxon DateTime here (decision 055).",
      schoolZone: "Read a school's zone through server/lib/school-clock.ts (schoolZoneOf, schoolZoneSql), not schools.time_zone (decision 055).",
    },
    schema: [],
  },
  create(context) {
    return {
      CallExpression(node) {
        if (node.callee.type === 'MemberExpression' && node.callee.property.type === 'Identifier' && node.callee.property.name === 'setZone') {
          context.report({ node, messageId: 'zonedDateTime' });
          return;
        }
        if (!isDateTimeCall(node)) return;
        for (const arg of node.arguments) {
          if (arg.type !== 'ObjectExpression') continue;
          const zone = arg.properties.find((p) => keyName(p) === 'zone');
          if (zone && !zoneFree(zone.value)) context.report({ node, messageId: 'zonedDateTime' });
        }
      },
      MemberExpression(node) {
        const table = node.object.type === 'Identifier' && /schools$/i.test(node.object.name);
        if (table && node.property.type === 'Identifier' && node.property.name === 'timeZone') context.report({ node, messageId: 'schoolZone' });
      },
      TemplateElement(node) {
        if (/\b\w+\.time_zone\b/.test(node.value.raw)) context.report({ node, messageId: 'schoolZone' });
      },
    };
  },
};

/** The lint block eslint.config.js adds; the fixtures' test runs the same block. */
export function schoolClockConfig() {
  return {
    files: ['**/*.{ts,tsx}'],
    // Tests keep luxon as an independent oracle of what the clock should answer.
    ignores: [...CLOCK_FILES, '**/*.test.{ts,tsx}', '**/test-kit.ts', 'server/test/**', 'tests/**', 'bench/**'],
    plugins: { 'school-clock': { rules: { 'one-clock': rule } } },
    rules: { 'school-clock/one-clock': 'error' },
  };
}

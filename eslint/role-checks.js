// The web does not restate the server's rules by comparing roles (decision 062): a page reads
// `user.permissions.x` (shared/permissions.ts, sent with the session), asks `mayCall(contract, user)`
// or the role's route table (shared/routes.ts), or reads what the answer says the viewer may do
// with a record. A role compared in the web is a second copy of a rule that will drift.

const ROLES = ['superadmin', 'admin', 'subadmin', 'teacher', 'student', 'parent'];
const ADDROLES = ['School', 'Private teacher'];
const STAFF_PREDICATES = ['isSchoolStaff', 'isStaffOrProvider'];
/** Who is "the viewer" in a page: `user`, `viewer`, `actor`, `me`, `session.user`, or a `role` taken from one. */
const VIEWERS = ['user', 'viewer', 'actor', 'me'];

const MESSAGE = 'Read user.permissions (shared/permissions.ts), mayCall(contract, user) or the route table instead of comparing the role: decision 062.';

const isViewer = (node) =>
  (node.type === 'Identifier' && VIEWERS.includes(node.name))
  || (node.type === 'MemberExpression' && !node.computed && node.property.name === 'user');

/** `user.role`, `session.user.addrole`, or a bare `role`/`addrole` (taken from the viewer). */
function isViewerRole(node) {
  if (node.type === 'Identifier') return node.name === 'role' || node.name === 'addrole';
  return node.type === 'MemberExpression' && !node.computed && ['role', 'addrole'].includes(node.property.name) && isViewer(node.object);
}

/**
 * A role's name against the viewer's role, or an admin's kind ('Private teacher') against the
 * viewer's: a bare `addrole` is a school's kind on the schools' pages (a record, not the viewer).
 */
const isRoleLiteral = (node, other) => node.type === 'Literal'
  && (ROLES.includes(node.value) || (ADDROLES.includes(node.value) && other.type === 'MemberExpression'));

const noRoleChecks = {
  meta: { type: 'problem', docs: { description: 'The web reads permissions, not roles' }, messages: { roleCheck: MESSAGE }, schema: [] },
  create(context) {
    const report = (node) => context.report({ node, messageId: 'roleCheck' });
    return {
      BinaryExpression(node) {
        if (!['===', '!==', '==', '!='].includes(node.operator)) return;
        const [a, b] = [node.left, node.right];
        if ((isViewerRole(a) && isRoleLiteral(b, a)) || (isViewerRole(b) && isRoleLiteral(a, b))) report(node);
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type === 'Identifier' && STAFF_PREDICATES.includes(callee.name)) return report(node);
        // ROLES_THAT_MAY.has(user.role), ['admin', 'subadmin'].includes(role)
        const method = callee.type === 'MemberExpression' && !callee.computed ? callee.property.name : null;
        if ((method === 'has' || method === 'includes') && node.arguments.length === 1 && isViewerRole(node.arguments[0])) report(node);
      },
      SwitchStatement(node) {
        if (isViewerRole(node.discriminant)) report(node);
      },
    };
  },
};

export const roleChecksPlugin = { rules: { 'no-role-checks': noRoleChecks } };

/** The flat-config block eslint.config.js spreads in: the web, but tests and their helpers. */
export function roleChecksConfig() {
  return [{
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'web/test/**'],
    plugins: { roles: roleChecksPlugin },
    rules: { 'roles/no-role-checks': 'error' },
  }];
}

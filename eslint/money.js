// Money is formatted in one place, shared/money.ts (decision 056): a currency formatter or a "$"
// glued to a number anywhere else is a second rule that will drift from the first.

const MONEY_MODULE = 'shared/money.ts';
const MESSAGE = 'Format money with shared/money.ts (formatMoney, formatDollars, plainDollars), not by hand: decision 056.';

const nameOf = (node) => (node.type === 'Identifier' ? node.name : node.type === 'Literal' ? String(node.value) : null);
const isCurrencyStyle = (arg) => arg.type === 'ObjectExpression' && arg.properties.some((p) =>
  p.type === 'Property' && nameOf(p.key) === 'style' && p.value.type === 'Literal' && p.value.value === 'currency');
const endsWithDollar = (text) => typeof text === 'string' && /\$\s*$/.test(text);

/** `new Intl.NumberFormat(…, { style: 'currency' })`, `x.toLocaleString(…, { style: 'currency' })`, `` `$${x}` ``, `'$' + x`, `<b>${x}</b>`. */
const noHandFormattedMoney = {
  meta: { type: 'problem', docs: { description: 'Money is formatted by shared/money.ts only' }, messages: { byHand: MESSAGE }, schema: [] },
  create(context) {
    const report = (node) => context.report({ node, messageId: 'byHand' });
    const checkCall = (node) => {
      const callee = node.callee;
      if (callee.type !== 'MemberExpression' || !node.arguments.some(isCurrencyStyle)) return;
      const method = nameOf(callee.property);
      const intl = method === 'NumberFormat' && callee.object.type === 'Identifier' && callee.object.name === 'Intl';
      if (intl || method === 'toLocaleString') report(node);
    };
    return {
      NewExpression: checkCall,
      CallExpression: checkCall,
      TemplateLiteral(node) {
        if (node.quasis.slice(0, node.expressions.length).some((q) => endsWithDollar(q.value.cooked))) report(node);
      },
      BinaryExpression(node) {
        if (node.operator === '+' && node.left.type === 'Literal' && endsWithDollar(node.left.value)) report(node);
      },
      JSXText(node) {
        const siblings = node.parent?.children ?? [];
        const next = siblings[siblings.indexOf(node) + 1];
        if (endsWithDollar(node.value) && next?.type === 'JSXExpressionContainer') report(node);
      },
    };
  },
};

export const moneyPlugin = { rules: { 'no-hand-formatted-money': noHandFormattedMoney } };

/** The flat-config block eslint.config.js spreads in: every source file but the money module itself and tests. */
export function moneyConfig() {
  return [{
    files: ['server/**/*.ts', 'shared/**/*.ts', 'web/**/*.{ts,tsx}'],
    ignores: [MONEY_MODULE, '**/*.test.{ts,tsx}'],
    plugins: { money: moneyPlugin },
    rules: { 'money/no-hand-formatted-money': 'error' },
  }];
}

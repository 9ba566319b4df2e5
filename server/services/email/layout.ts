import type { OutgoingEmail } from './mailer.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The one look of Cadenza's emails: a greeting, some lines, one button, a footer. */
export function emailLayout(greeting: string, lines: string[], action: { label: string; url: string }, footer: string): Pick<OutgoingEmail, 'text' | 'html'> {
  const text = [greeting, '', ...lines, '', `${action.label}: ${action.url}`, '', footer, '', '— Cadenza'].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933;line-height:1.5">
<p>${escape(greeting)}</p>${lines.map((l) => `<p>${escape(l)}</p>`).join('')}
<p><a href="${escape(action.url)}" style="display:inline-block;padding:10px 18px;background:#4c6ef5;color:#fff;border-radius:6px;text-decoration:none">${escape(action.label)}</a></p>
<p style="color:#616e7c;font-size:13px">${escape(footer)}</p><p>— Cadenza</p></body></html>`;
  return { text, html };
}

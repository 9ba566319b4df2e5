import type { OutgoingEmail } from '../../../services/email/mailer.js';
import { MERGE_FIELDS } from '../../../../shared/contracts/communication.js';
import { htmlToText } from './sanitize-body.js';

export type MergeValues = Record<(typeof MERGE_FIELDS)[number], string>;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const MERGE = new RegExp(`\\{(${MERGE_FIELDS.join('|')})\\}`, 'g');
const merge = (template: string, values: MergeValues, encode: (s: string) => string) =>
  template.replace(MERGE, (_m, field: keyof MergeValues) => encode(values[field]));

/**
 * One recipient's copy of a group email: merge fields filled in (escaped in the HTML), the
 * unsubscribe footer, and the List-Unsubscribe headers (RFC 2369, and 8058's one click).
 */
export function composeGroupEmail(input: {
  to: string; subject: string; html: string; values: MergeValues; unsubscribePage: string; unsubscribeApi: string;
}): OutgoingEmail {
  const { values } = input;
  const body = merge(input.html, values, escape);
  const footer = `You receive this email as a member of ${values.school_name}.`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933;line-height:1.5">
${body}
<hr style="border:none;border-top:1px solid #e4e7eb;margin:24px 0 12px">
<p style="color:#616e7c;font-size:13px">${escape(footer)} <a href="${escape(input.unsubscribePage)}">Unsubscribe from group email</a></p></body></html>`;
  const text = [htmlToText(body), '', '---', footer, `Unsubscribe from group email: ${input.unsubscribePage}`].join('\n');
  return {
    to: input.to,
    subject: merge(input.subject, values, (s) => s),
    text,
    html,
    headers: { 'List-Unsubscribe': `<${input.unsubscribeApi}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

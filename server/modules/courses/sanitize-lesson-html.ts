import sanitizeHtml from 'sanitize-html';

/**
 * A lesson's rich text as it may be stored and shown: the editor's formatting (headings, lists,
 * emphasis, quotes, code, links) and nothing else. Whatever a client sends (scripts, styles,
 * event handlers, frames, javascript: links) is dropped here, before the row is written.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'mark', 'blockquote', 'code', 'pre', 'ul', 'ol', 'li', 'hr', 'a', 'sub', 'sup'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links leave the app in a new tab without handing it the opener.
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
    h1: 'h2',
  },
};

export function sanitizeLessonHtml(html: string): string {
  const clean = sanitizeHtml(html, OPTIONS).trim();
  // An editor left empty sends "<p></p>": keep no body at all then.
  return clean.replace(/<p>\s*<\/p>/g, '').trim() === '' ? '' : clean;
}

import sanitizeHtml from 'sanitize-html';

/**
 * What a template body may hold: the rich-text editor's formatting, tables, images (uploaded ones or inline data),
 * colours and alignment. Scripts, event handlers, frames and anything else are dropped on the server, whatever the
 * browser sent.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'u', 's', 'mark', 'h1', 'h2'],
  allowedAttributes: {
    a: ['href', 'name', 'target'],
    img: ['src', 'alt', 'width', 'height', 'style'],
    span: ['style', 'class', 'data-placeholder'],
    mark: ['style', 'data-color'],
    p: ['style'],
    h1: ['style'],
    h2: ['style'],
    h3: ['style'],
    h4: ['style'],
    td: ['colspan', 'rowspan', 'style'],
    th: ['colspan', 'rowspan', 'style'],
    table: ['style', 'border'],
  },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-weight': [/^(bold|normal|\d{3})$/],
      width: [/^\d+(px|%)$/],
      'border-collapse': [/^collapse$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
};

/** The body as it is stored and printed. */
export const sanitizeBody = (html: string) => sanitizeHtml(html, OPTIONS);

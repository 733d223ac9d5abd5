import { DomUtils, parseDocument } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { AppError } from '../../core/errors';
import type { FileStore } from '../../core/files';

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
  // an image from elsewhere is kept here only to be refused by name below, not dropped without a word
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
};

/** The body as it is stored and printed. */
export const sanitizeBody = (html: string) => sanitizeHtml(html, OPTIONS);

/** An image written into the body itself. */
export const INLINE_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;
/** A stored file that is an image, by its name. */
export const STORED_IMAGE = /\.(png|jpe?g|gif|webp)$/i;

/** The addresses of a body's images that are neither inline data nor `ownImage`: printing would have to fetch them. */
export function outsideImages(html: string, ownImage: (src: string) => boolean) {
  const images = DomUtils.findAll((element) => element.name === 'img', parseDocument(html).children);
  return images
    .map((image) => image.attribs.src ?? '')
    .filter((src) => src !== '' && !INLINE_IMAGE.test(src) && !ownImage(src));
}

/**
 * A body as it is stored: sanitised, and refused (422 on the field, naming the address) when an image is neither inline
 * data nor an image stored here whose address the server signed: the server fetches nothing while printing.
 */
export function storedBody(html: string, files: FileStore) {
  const body = sanitizeBody(html);
  const [outside] = outsideImages(body, (src) => STORED_IMAGE.test(files.signedPath(src) ?? ''));
  if (outside !== undefined) {
    const params = { src: outside.length > 120 ? `${outside.slice(0, 117)}...` : outside };
    throw new AppError(422, 'templates.errors.foreign_image', params, {
      body: [['templates.errors.foreign_image', params]],
    });
  }
  return body;
}

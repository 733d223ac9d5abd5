/** The front door of the document-templates module: its routes, and what printing reads from it. */
export { default as docTemplatesRoutes } from './routes';
export { createDocTemplatesRepository, type DocTemplateRow } from './repository';
export { knownPlaceholders, placeholderFields } from './fields';
export { INLINE_IMAGE, STORED_IMAGE } from './sanitize';

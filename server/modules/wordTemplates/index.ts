/** The front door of the Word-templates module: its routes, and the filling that printing uses. */
export { default as wordTemplatesRoutes, DOCX } from './routes';
export { createWordTemplatesRepository, type WordTemplateRow } from './repository';
export { docxText, inspectDocx, renderDocx } from './docx';
export { checkWordPackage, WORD_TEMPLATE_LIMITS } from './package';

/** The front door of the contracts module (issue 9): printing a sale's contract from a template, as .docx and PDF. */
export { default as contractsRoutes } from './routes';

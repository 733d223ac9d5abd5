/** The front door of the contracts module: printing a sale's contract from a template, as .docx and PDF. */
export { default as contractsRoutes } from './routes';

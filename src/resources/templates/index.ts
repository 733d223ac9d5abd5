/** Contracts and documents: the /templates page and the sale page's print dialog. */
export { TemplatesPage } from './TemplatesPage';
export { PrintContractButtons } from './PrintContractDialog';

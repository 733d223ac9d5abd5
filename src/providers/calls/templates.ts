import type { Identifier } from 'react-admin';
import type {
  ContractOptions,
  ContractPdf,
  ContractPreview,
  DocTemplate,
  DocTemplateTypeChoice,
  PlaceholderField,
  SaleContract,
  TemplateImage,
  WordTemplate,
} from '../../../domain/contracts/templates';
import { api } from '../httpClient';
import { dataOf, done } from './answers';

/** The print dialog's request: which template, in which language, with the user's date format. */
export interface ContractRequest {
  template_kind: 'word' | 'doc';
  template_id: string;
  locale: string;
  date_format?: string;
}

/** Document and Word templates, contracts printed from the sale page. */
export const templateCalls = {
  docTemplates: () => dataOf(api<{ data: DocTemplate[] }>('/doc-templates')),
  docTemplateTypes: () => dataOf(api<{ data: DocTemplateTypeChoice[] }>('/doc-templates/types')),
  placeholderFields: () => dataOf(api<{ data: PlaceholderField[] }>('/doc-templates/fields')),
  saveDocTemplate: (template: { id?: Identifier; name: string; type: string; language: string; body: string }) => {
    const { id, ...body } = template;
    return dataOf(
      api<{ data: DocTemplate }>(id ? `/doc-templates/${id}` : '/doc-templates', { method: id ? 'PUT' : 'POST', body }),
    );
  },
  deleteDocTemplate: (id: Identifier) => done(api(`/doc-templates/${id}`, { method: 'DELETE' })),
  /** The editor's image upload: answers the image's address. */
  uploadTemplateImage: (file: File) => {
    const form = new FormData();
    form.append('upload', file);
    return api<TemplateImage>('/doc-templates/images', { method: 'POST', body: form }).then((r) => r.url);
  },
  wordTemplates: () => dataOf(api<{ data: WordTemplate[] }>('/word-templates')),
  uploadWordTemplate: (form: FormData) =>
    dataOf(api<{ data: WordTemplate }>('/word-templates', { method: 'POST', body: form })),
  deleteWordTemplate: (id: Identifier) => done(api(`/word-templates/${id}`, { method: 'DELETE' })),
  contractOptions: (saleId: Identifier) => dataOf(api<{ data: ContractOptions }>(`/sales/${saleId}/contracts`)),
  contractPreview: (saleId: Identifier, request: ContractRequest) =>
    dataOf(
      api<{ data: ContractPreview }>(`/sales/${saleId}/contracts/preview`, {
        query: new URLSearchParams(
          Object.entries(request).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
        ),
      }),
    ),
  printContract: (saleId: Identifier, request: ContractRequest) =>
    dataOf(api<{ data: SaleContract }>(`/sales/${saleId}/contracts`, { method: 'POST', body: request })),
  contractPdf: (saleId: Identifier, contractId: Identifier) =>
    dataOf(api<{ data: ContractPdf }>(`/sales/${saleId}/contracts/${contractId}/pdf`, { method: 'POST' })),
};

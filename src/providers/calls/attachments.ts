import type { Identifier } from 'react-admin';
import type { CommentRow, OwnerFile } from '../../../domain/contracts/attachments';
import { api } from '../httpClient';
import { dataOf, done } from './answers';

/** Comments and files of any record. */
export const attachmentCalls = {
  comments: (model: string, modelId: Identifier) =>
    dataOf(api<{ data: CommentRow[] }>(`/comments/${model}/${modelId}`)),
  addComment: (model: string, modelId: Identifier, body: string) =>
    done(api(`/comments/${model}/${modelId}`, { method: 'POST', body: { body } })),
  editComment: (commentId: Identifier, body: string) =>
    done(api(`/comments/${commentId}`, { method: 'PUT', body: { body } })),
  deleteComment: (commentId: Identifier) => done(api(`/comments/${commentId}`, { method: 'DELETE' })),
  /** `owner`: the API path of the owner, e.g. /agents/3. */
  ownerFiles: (owner: string) => dataOf(api<{ data: OwnerFile[] }>(`${owner}/files`)),
  deactivateOwnerFile: (owner: string, fileId: Identifier) =>
    done(api(`${owner}/deactivateFile/${fileId}`, { method: 'PATCH' })),
  deleteOwnerFile: (owner: string, fileId: Identifier) =>
    done(api(`${owner}/deleteFile/${fileId}`, { method: 'DELETE' })),
};

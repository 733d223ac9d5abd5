import { useCallback } from 'react';
import { useNotify, useTranslate } from 'react-admin';

/**
 * An upload that fails says "Couldn't upload file: {name}." as a toast, followed by the server's reason
 * when there is one (the file type, its size), on every screen that uploads.
 */
export function useUploadFailed() {
  const notify = useNotify();
  const translate = useTranslate();
  return useCallback(
    (fileName: string, reason?: string | null) =>
      notify([translate('app.upload_failed', { name: fileName }), reason].filter(Boolean).join(' '), {
        type: 'error',
        autoHideDuration: 8000,
      }),
    [notify, translate],
  );
}

import { useState } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, useRefresh, useTranslate } from 'react-admin';
import { useCan } from '../../layout/useCan';
import { ImportDialog } from '../../widgets/ImportDialog';

/**
 * The sales import (POST /sales/importFromExcel): the template, an .xlsx uploaded with progress, all rows or none, and
 * every bad row listed. The imported sales appear in the list at once.
 */
export function SalesImportButton() {
  const can = useCan();
  const translate = useTranslate();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  if (!can('sales', 'create')) return null;
  return (
    <>
      <Button label="sales_import.button" onClick={() => setOpen(true)} data-testid="sales-import">
        <UploadFileIcon />
      </Button>
      <ImportDialog
        resource="sales"
        url="/api/sales/importFromExcel"
        title="sales_import.title"
        resultText={(data) => translate('sales_import.imported', { count: data.imported })}
        open={open}
        onClose={() => setOpen(false)}
        onImported={refresh}
      />
    </>
  );
}

import { useState } from 'react';
import { Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'react-admin';
import type { DocTemplate } from '../../../domain/contracts/templates';
import { useCan } from '../../layout/useCan';
import { useAppData } from '../../providers/useAppData';
import { useFormatMoment } from '../../widgets/DateField';
import { DocTemplateDialog } from './DocTemplateDialog';
import { RefreshTemplatesButton, TemplatesTable } from './TemplatesTable';
import { useDocTemplates } from './useTemplates';

/** The document templates: the cached list, the editor dialog, delete with confirmation. */
export function DocTemplatesTab() {
  const translate = useTranslate();
  const formatMoment = useFormatMoment();
  const can = useCan();
  const provider = useAppData();
  const templates = useDocTemplates();
  const [editing, setEditing] = useState<DocTemplate | 'new' | null>(null);

  return (
    <>
      <TemplatesTable
        resource="doc-templates"
        templates={templates}
        toolbar={
          <Box sx={{ display: 'flex', gap: 1, my: 1 }}>
            {can('doc-templates', 'create') && (
              <Button startIcon={<AddIcon />} onClick={() => setEditing('new')}>
                {translate('templates.add')}
              </Button>
            )}
            <RefreshTemplatesButton resource="doc-templates" />
          </Box>
        }
        columns={[{ field: 'updated_at', cell: (template) => formatMoment(template.updated_at) }]}
        remove={(id) => provider.deleteDocTemplate(id)}
        onEdit={setEditing}
      />
      {editing && (
        <DocTemplateDialog open template={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}

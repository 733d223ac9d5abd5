import { useState } from 'react';
import {
  Box,
  Button,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useNotify, useTranslate } from 'react-admin';
import type { DocTemplate } from '../../../domain/contracts/templates';
import { useCan } from '../../layout/useCan';
import { useAppData } from '../../providers/useAppData';
import { useConfirm } from '../../widgets/ConfirmProvider';
import { useFormatMoment } from '../../widgets/DateField';
import { DocTemplateDialog } from './DocTemplateDialog';
import { useDocTemplates, useRefreshTemplates, useTemplateVocabulary } from './useTemplates';

/** The document templates: the cached list, the editor dialog, delete with confirmation. */
export function DocTemplatesTab() {
  const translate = useTranslate();
  const formatMoment = useFormatMoment();
  const can = useCan();
  const provider = useAppData();
  const notify = useNotify();
  const confirm = useConfirm();
  const refresh = useRefreshTemplates();
  const { data = [], isPending } = useDocTemplates();
  const { types } = useTemplateVocabulary();
  const [editing, setEditing] = useState<DocTemplate | 'new' | null>(null);
  const typeName = (id: string) => types.find((t) => t.id === id)?.name ?? id;

  const remove = async (template: DocTemplate) => {
    if (!(await confirm('app.delete_confirm'))) return;
    try {
      await provider.deleteDocTemplate(template.id);
      notify('app.deleted', { type: 'success' });
      await refresh('doc-templates');
    } catch {
      notify('app.delete_failed', { type: 'error' });
    }
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, my: 1 }}>
        {can('doc-templates', 'create') && (
          <Button startIcon={<AddIcon />} onClick={() => setEditing('new')} data-testid="add-doc-template">
            {translate('templates.add')}
          </Button>
        )}
        <Button startIcon={<RefreshIcon />} onClick={() => void refresh('doc-templates')}>
          {translate('templates.refresh')}
        </Button>
      </Box>
      {!isPending && data.length === 0 ? (
        <Typography color="text.secondary">{translate('templates.none')}</Typography>
      ) : (
        <Table size="small" data-testid="doc-templates">
          <TableHead>
            <TableRow>
              <TableCell>{translate('resources.doc-templates.fields.name')}</TableCell>
              <TableCell>{translate('resources.doc-templates.fields.type')}</TableCell>
              <TableCell>{translate('resources.doc-templates.fields.language')}</TableCell>
              <TableCell>{translate('resources.doc-templates.fields.updated_at')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((template) => (
              <TableRow key={template.id} hover>
                <TableCell>{template.name}</TableCell>
                <TableCell>{typeName(template.type)}</TableCell>
                <TableCell>{translate(`templates.languages.${template.language}`)}</TableCell>
                <TableCell>{formatMoment(template.updated_at)}</TableCell>
                <TableCell align="right">
                  {can('doc-templates', 'edit') && (
                    <Tooltip title={translate('templates.edit')}>
                      <IconButton
                        size="small"
                        onClick={() => setEditing(template)}
                        aria-label={translate('templates.edit')}
                      >
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                  {can('doc-templates', 'delete') && (
                    <Tooltip title={translate('ra.action.delete')}>
                      <IconButton
                        size="small"
                        onClick={() => void remove(template)}
                        aria-label={translate('ra.action.delete')}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editing && (
        <DocTemplateDialog open template={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
    </Box>
  );
}

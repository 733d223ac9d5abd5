import type { ReactNode } from 'react';
import {
  Box,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  useMediaQuery,
  type SxProps,
  type Theme,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useNotify, useTranslate } from 'react-admin';
import { useCan } from '../../layout/useCan';
import { useConfirm } from '../../widgets/ConfirmProvider';
import { useRefreshTemplates, useTemplateVocabulary } from './useTemplates';

type TemplatesResource = 'doc-templates' | 'word-templates';

interface TemplateRow {
  id: number;
  name: string;
  type: string;
  language: string;
}

/** A column of the templates table after name, type and language. */
export interface TemplateColumn<T> {
  field: string;
  cell: (template: T) => ReactNode;
  sx?: SxProps;
}

/** Reloads the cached templates of one kind. */
export function RefreshTemplatesButton({ resource }: { resource: TemplatesResource }) {
  const translate = useTranslate();
  const refresh = useRefreshTemplates();
  return (
    <Button startIcon={<RefreshIcon />} onClick={() => void refresh(resource)}>
      {translate('templates.refresh')}
    </Button>
  );
}

interface TemplatesTableProps<T extends TemplateRow> {
  resource: TemplatesResource;
  templates: { data?: T[]; isPending: boolean };
  /** What stands above the table: adding or uploading, and refreshing. */
  toolbar: ReactNode;
  columns: TemplateColumn<T>[];
  remove: (id: number) => Promise<unknown>;
  /** Opens the template for editing; without it a template is not edited here. */
  onEdit?: (template: T) => void;
}

/**
 * The cached templates of one kind: name, type, language and the kind's own columns, edit and delete with confirmation.
 */
export function TemplatesTable<T extends TemplateRow>({
  resource,
  templates: { data = [], isPending },
  toolbar,
  columns,
  remove,
  onEdit,
}: TemplatesTableProps<T>) {
  const translate = useTranslate();
  const can = useCan();
  const notify = useNotify();
  const confirm = useConfirm();
  const refresh = useRefreshTemplates();
  const { types } = useTemplateVocabulary();
  const typeName = (id: string) => types.find((t) => t.id === id)?.name ?? id;
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });

  const removeConfirmed = async (template: T) => {
    if (!(await confirm('app.delete_confirm'))) return;
    try {
      await remove(template.id);
      notify('app.deleted', { type: 'success' });
      await refresh(resource);
    } catch {
      notify('app.delete_failed', { type: 'error' });
    }
  };

  const actions = (template: T) => (
    <>
      {onEdit && can(resource, 'edit') && (
        <Tooltip title={translate('templates.edit')}>
          <IconButton size="small" onClick={() => onEdit(template)} aria-label={translate('templates.edit')}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {can(resource, 'delete') && (
        <Tooltip title={translate('ra.action.delete')}>
          <IconButton
            size="small"
            onClick={() => void removeConfirmed(template)}
            aria-label={translate('ra.action.delete')}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </>
  );

  return (
    <Box>
      {toolbar}
      {!isPending && data.length === 0 ? (
        <Typography color="text.secondary">{translate('templates.none')}</Typography>
      ) : phone ? (
        // a card per template on a phone, as the lists have: its name, then its type, language and the kind's columns
        <List aria-label={translate('widgets.records')} data-testid={resource}>
          {data.map((template) => (
            <ListItem key={template.id} divider secondaryAction={actions(template)} sx={{ pr: 11 }}>
              <ListItemText
                primary={template.name}
                secondary={
                  <>
                    {`${typeName(template.type)} · ${translate(`templates.languages.${template.language}`)}`}
                    {columns.map((c) => (
                      <Box
                        key={c.field}
                        component="span"
                        sx={[{ display: 'block', overflowWrap: 'anywhere' }, ...(Array.isArray(c.sx) ? c.sx : [c.sx])]}
                      >
                        {c.cell(template)}
                      </Box>
                    ))}
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
      ) : (
        <Table size="small" data-testid={resource}>
          <TableHead>
            <TableRow>
              {['name', 'type', 'language', ...columns.map((c) => c.field)].map((field) => (
                <TableCell key={field}>{translate(`resources.${resource}.fields.${field}`)}</TableCell>
              ))}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((template) => (
              <TableRow key={template.id} hover>
                <TableCell>{template.name}</TableCell>
                <TableCell>{typeName(template.type)}</TableCell>
                <TableCell>{translate(`templates.languages.${template.language}`)}</TableCell>
                {columns.map((c) => (
                  <TableCell key={c.field} sx={c.sx}>
                    {c.cell(template)}
                  </TableCell>
                ))}
                <TableCell align="right">{actions(template)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

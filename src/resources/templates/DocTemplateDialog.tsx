import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Form, SelectInput, TextInput, required, useNotify, useTranslate } from 'react-admin';
import { RichTextInput } from 'ra-input-rich-text';
import type { DocTemplate } from '../../../domain/contracts/templates';
import { TEMPLATE_LANGUAGES } from '../../../domain/documentPlaceholders';
import { useAppData } from '../../providers/useAppData';
import { TemplateEditorToolbar } from './EditorToolbar';
import { useRefreshTemplates, useTemplateVocabulary } from './useTemplates';
import { KEEP_TYPED } from '../../widgets';

/** The editor is at least 320 px high and at most 40% of the window, scrolling beyond. */
const editorSx = {
  '& .ProseMirror': { minHeight: 320, maxHeight: '40vh', overflowY: 'auto' },
  '& .ra-rich-text-input': { width: '100%' },
  width: '100%',
};

/** Create or edit a document template: its name, type, language and body in the rich-text editor. */
export function DocTemplateDialog({
  template,
  open,
  onClose,
}: {
  template?: DocTemplate;
  open: boolean;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const provider = useAppData();
  const notify = useNotify();
  const refresh = useRefreshTemplates();
  const { types, fields } = useTemplateVocabulary();
  const languages = TEMPLATE_LANGUAGES.map((id) => ({ id, name: translate(`templates.languages.${id}`) }));

  const save = async (values: Record<string, unknown>) => {
    try {
      await provider.saveDocTemplate({
        id: template?.id,
        name: String(values.name ?? ''),
        type: String(values.type ?? ''),
        language: String(values.language ?? ''),
        body: String(values.body ?? ''),
      });
      notify('templates.saved', { type: 'success' });
      await refresh('doc-templates');
      onClose();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="lg">
      <Form
        resetOptions={KEEP_TYPED}
        record={template ?? { name: '', type: 'contract', language: 'ka', body: '' }}
        onSubmit={save}
        key={template?.id ?? 'new'}
      >
        <DialogTitle>{translate(template ? 'templates.edit' : 'templates.add')}</DialogTitle>
        <DialogContent>
          <TextInput source="name" resource="doc-templates" validate={required()} fullWidth />
          <SelectInput source="type" resource="doc-templates" choices={types} validate={required()} />{' '}
          <SelectInput source="language" resource="doc-templates" choices={languages} validate={required()} />
          <RichTextInput
            source="body"
            resource="doc-templates"
            fullWidth
            sx={editorSx}
            toolbar={<TemplateEditorToolbar fields={fields} />}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained">
            {translate('templates.save')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

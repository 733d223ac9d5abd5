import { useState } from 'react';
import { Box, Card, CardContent, Tab, Tabs } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { DocTemplatesTab } from './DocTemplatesTab';
import { WordTemplatesTab } from './WordTemplatesTab';

/** /templates (view_doc_templates): the document templates written in the editor, and the uploaded Word templates. */
export function TemplatesPage() {
  const translate = useTranslate();
  const [tab, setTab] = useState<'doc' | 'word'>('doc');
  return (
    <Box sx={{ mt: 1 }}>
      <Title title={translate('templates.title')} />
      <Card>
        <CardContent>
          <Tabs value={tab} onChange={(_e, value: 'doc' | 'word') => setTab(value)}>
            <Tab value="doc" label={translate('templates.doc_tab')} />
            <Tab value="word" label={translate('templates.word_tab')} />
          </Tabs>
          {tab === 'doc' ? <DocTemplatesTab /> : <WordTemplatesTab />}
        </CardContent>
      </Card>
    </Box>
  );
}

import { useRef, useState } from 'react';
import { Button, ListSubheader, Menu, MenuItem } from '@mui/material';
import DataObjectIcon from '@mui/icons-material/DataObject';
import ImageIcon from '@mui/icons-material/Image';
import { useTranslate } from 'react-admin';
import {
  AlignmentButtons,
  ClearButtons,
  ColorButtons,
  FormatButtons,
  LevelSelect,
  LinkButtons,
  ListButtons,
  RichTextInputToolbar,
  useTiptapEditor,
} from 'ra-input-rich-text';
import type { PlaceholderField } from '../../../domain/contracts/templates';
import { PLACEHOLDER_COLOR } from '../../../domain/documentPlaceholders';
import { useAppData } from '../../providers/useAppData';
import { useUploadFailed } from '../../widgets/useUploadFailed';

/** Inserts a named field as a red bracketed placeholder: {customer_name}. */
function InsertFieldButton({ fields }: { fields: PlaceholderField[] }) {
  const editor = useTiptapEditor();
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const insert = (name: string) => {
    setAnchor(null);
    editor
      ?.chain()
      .focus()
      .insertContent([
        { type: 'text', text: `{${name}}`, marks: [{ type: 'textStyle', attrs: { color: PLACEHOLDER_COLOR } }] },
        { type: 'text', text: ' ' },
      ])
      .run();
  };
  const groups = [...new Set(fields.map((f) => f.group))];
  return (
    <>
      <Button
        size="small"
        startIcon={<DataObjectIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={!editor}
      >
        {translate('templates.insert_field')}
      </Button>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { maxHeight: 420 } } }}
      >
        {groups.flatMap((group) => [
          <ListSubheader key={`g-${group}`}>{translate(`templates.groups.${group}`, { _: group })}</ListSubheader>,
          ...fields
            .filter((f) => f.group === group)
            .map((f) => (
              <MenuItem key={f.name} onClick={() => insert(f.name)}>
                {f.label} <code style={{ marginLeft: 8, color: PLACEHOLDER_COLOR }}>{`{${f.name}}`}</code>
              </MenuItem>
            )),
        ])}
      </Menu>
    </>
  );
}

/** Uploads an image into the body; a refused file says "Couldn't upload file: {name}.". */
function UploadImageButton() {
  const editor = useTiptapEditor();
  const provider = useAppData();
  const uploadFailed = useUploadFailed();
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const upload = async (file: File) => {
    try {
      const url = await provider.uploadTemplateImage(file);
      editor
        ?.chain()
        .focus()
        .insertContent({ type: 'image', attrs: { src: url } })
        .run();
    } catch {
      uploadFailed(file.name);
    }
  };
  return (
    <>
      <Button size="small" startIcon={<ImageIcon />} onClick={() => input.current?.click()} disabled={!editor}>
        {translate('templates.upload_image')}
      </Button>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void upload(file);
        }}
      />
    </>
  );
}

/** The template editor's toolbar: ra-input-rich-text's buttons, the field menu and the image upload. */
export function TemplateEditorToolbar({ fields }: { fields: PlaceholderField[] }) {
  return (
    <RichTextInputToolbar size="small">
      <LevelSelect size="small" />
      <FormatButtons size="small" />
      <ColorButtons size="small" />
      <AlignmentButtons size="small" />
      <ListButtons size="small" />
      <LinkButtons size="small" />
      <ClearButtons size="small" />
      <InsertFieldButton fields={fields} />
      <UploadImageButton />
    </RichTextInputToolbar>
  );
}

import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CardHeader,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Title, useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import type { Feature, FeatureGroup as Group } from '../../../domain/contracts/features';
import type { ApiFailure } from '../../providers/httpClient';
import { useConfirm } from '../../widgets';
import { useCan } from '../../layout/useCan';

interface Names {
  name_ka: string;
  name_en: string | null;
  name_ru: string | null;
}

/** What the names dialog is doing: a new group, renaming one, a new feature in a group, or editing a feature. */
type Editing = { kind: 'group'; record?: Group } | { kind: 'feature'; groupId: number; record?: Feature };

const NAME_FIELDS = ['name_ka', 'name_en', 'name_ru'] as const;

function NamesDialog({
  editing,
  onClose,
  onSave,
}: {
  editing: Editing | null;
  onClose: () => void;
  onSave: (names: Names) => Promise<void>;
}) {
  const translate = useTranslate();
  const [names, setNames] = useState<Names>({ name_ka: '', name_en: '', name_ru: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const resource = editing?.kind === 'group' ? 'property-feature-groups' : 'property-features';
  const title = !editing
    ? ''
    : editing.kind === 'group'
      ? editing.record
        ? 'units.rename_group'
        : 'units.new_group'
      : editing.record
        ? 'units.edit_feature'
        : 'units.new_feature';

  const save = async () => {
    setSaving(true);
    setErrors({});
    try {
      await onSave(names);
    } catch (error) {
      const failure = error as ApiFailure;
      const fieldErrors = { ...(failure.body?.errors ?? {}) } as Record<string, unknown>;
      delete fieldErrors.root;
      setErrors(
        Object.keys(fieldErrors).length
          ? (fieldErrors as Record<string, string>)
          : { _: failure.message ?? translate('app.error') },
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={editing !== null}
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      TransitionProps={{
        onEnter: () => {
          const record = editing?.record;
          setNames({ name_ka: record?.name_ka ?? '', name_en: record?.name_en ?? '', name_ru: record?.name_ru ?? '' });
          setErrors({});
        },
      }}
    >
      <DialogTitle>{title && translate(title)}</DialogTitle>
      <DialogContent>
        {NAME_FIELDS.map((field, index) => (
          <TextField
            key={field}
            autoFocus={index === 0}
            margin="dense"
            fullWidth
            name={field}
            required={field === 'name_ka'}
            label={translate(`resources.${resource}.fields.${field}`)}
            value={names[field] ?? ''}
            onChange={(event) => setNames((current) => ({ ...current, [field]: event.target.value }))}
            error={Boolean(errors[field])}
            helperText={errors[field]}
            onKeyDown={(event) => {
              if (event.key === 'Enter') void save();
            }}
          />
        ))}
        {errors._ && <Alert severity="error">{errors._}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={saving}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The names in the other languages, under the one shown. */
const otherNames = (names: Names & { name: string }) =>
  [...new Set([names.name_ka, names.name_en, names.name_ru])].filter((n) => n && n !== names.name).join(' · ');

/** A feature in its group: its names, how many units have it, and renaming and deleting it for those who may. */
function FeatureItem({ feature, onEdit, onRemove }: { feature: Feature; onEdit: () => void; onRemove: () => void }) {
  const translate = useTranslate();
  const can = useCan();
  return (
    <ListItem
      disableGutters
      data-testid={`feature-${feature.id}`}
      secondaryAction={
        <Stack direction="row" alignItems="center" gap={0.5}>
          <Chip
            size="small"
            variant="outlined"
            label={translate('units.units_count', { count: feature.properties_count })}
          />
          {can('property-features', 'edit') && (
            <Tooltip title={translate('units.edit_feature')}>
              <IconButton size="small" aria-label={translate('units.edit_feature')} onClick={onEdit}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {can('property-features', 'delete') && (
            <Tooltip title={translate('units.delete_feature')}>
              <IconButton size="small" color="error" aria-label={translate('units.delete_feature')} onClick={onRemove}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      }
    >
      <ListItemText primary={feature.name} secondary={otherNames(feature) || undefined} sx={{ pr: 18 }} />
    </ListItem>
  );
}

/** A group's heading buttons: renaming and deleting it, for those who may. */
function GroupActions({ onRename, onRemove }: { onRename: () => void; onRemove: () => void }) {
  const translate = useTranslate();
  const can = useCan();
  return (
    <>
      {can('property-features', 'edit') && (
        <Tooltip title={translate('units.rename_group')}>
          <IconButton aria-label={translate('units.rename_group')} onClick={onRename}>
            <EditIcon />
          </IconButton>
        </Tooltip>
      )}
      {can('property-features', 'delete') && (
        <Tooltip title={translate('units.delete_group')}>
          <IconButton aria-label={translate('units.delete_group')} color="error" onClick={onRemove}>
            <DeleteIcon />
          </IconButton>
        </Tooltip>
      )}
    </>
  );
}

/** /features: the feature groups and their features; add, rename and delete (with confirmation). */
export function FeaturesPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const confirm = useConfirm();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const can = useCan();
  const [editing, setEditing] = useState<Editing | null>(null);
  const {
    data: groups = [],
    isPending,
    refetch,
  } = useGetList<Group>('property-feature-groups', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'id', order: 'ASC' },
  });

  const reload = async () => {
    await refetch();
    // The unit form's ticks read the same lists.
    await queryClient.invalidateQueries({ queryKey: ['property-features'] });
  };

  const saveNames = async (names: Names) => {
    if (!editing) return;
    const body = { ...names, ...(editing.kind === 'feature' ? { group_id: editing.groupId } : {}) };
    const resource = editing.kind === 'group' ? 'property-feature-groups' : 'property-features';
    if (editing.record)
      await dataProvider.update(resource, { id: editing.record.id, data: body, previousData: editing.record });
    else await dataProvider.create(resource, { data: body });
    setEditing(null);
    notify('units.saved', { type: 'success' });
    await reload();
  };

  const remove = async (
    resource: 'property-feature-groups' | 'property-features',
    record: Group | Feature,
    question: string,
    params: Record<string, unknown>,
  ) => {
    if (!(await confirm(question, { translateOptions: params }))) return;
    try {
      await dataProvider.delete(resource, { id: record.id, previousData: record });
      notify('app.deleted', { type: 'success' });
    } catch {
      notify('app.delete_failed', { type: 'error' });
    }
    await reload();
  };

  return (
    <Box sx={{ mt: 1 }}>
      <Title title="units.features_title" />
      <Stack direction="row" alignItems="center" justifyContent="space-between" gap={2} sx={{ mb: 2 }} flexWrap="wrap">
        <Typography variant="body2" color="text.secondary">
          {translate('units.features_intro')}
        </Typography>
        {can('property-features', 'create') && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ kind: 'group' })}>
            {translate('units.new_group')}
          </Button>
        )}
      </Stack>
      {!isPending && groups.length === 0 && <Alert severity="info">{translate('units.no_groups')}</Alert>}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        {groups.map((group) => (
          <Card key={group.id} variant="outlined" data-testid={`group-${group.id}`}>
            <CardHeader
              title={group.name}
              subheader={otherNames(group) || undefined}
              titleTypographyProps={{ variant: 'h6' }}
              action={
                <GroupActions
                  onRename={() => setEditing({ kind: 'group', record: group })}
                  onRemove={() =>
                    remove('property-feature-groups', group, 'units.delete_group_confirm', {
                      name: group.name,
                      count: group.features.length,
                    })
                  }
                />
              }
            />
            <CardContent sx={{ py: 0 }}>
              {group.features.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {translate('units.empty_group')}
                </Typography>
              ) : (
                <List dense disablePadding>
                  {group.features.map((feature) => (
                    <FeatureItem
                      key={feature.id}
                      feature={feature}
                      onEdit={() => setEditing({ kind: 'feature', groupId: group.id, record: feature })}
                      onRemove={() =>
                        remove('property-features', feature, 'units.delete_feature_confirm', {
                          name: feature.name,
                          count: feature.properties_count,
                        })
                      }
                    />
                  ))}
                </List>
              )}
            </CardContent>
            {can('property-features', 'create') && (
              <CardActions>
                <Button
                  size="small"
                  startIcon={<AddIcon />}
                  onClick={() => setEditing({ kind: 'feature', groupId: group.id })}
                  data-testid={`feature-add-${group.id}`}
                >
                  {translate('units.new_feature')}
                </Button>
              </CardActions>
            )}
          </Card>
        ))}
      </Box>
      <NamesDialog editing={editing} onClose={() => setEditing(null)} onSave={saveNames} />
    </Box>
  );
}

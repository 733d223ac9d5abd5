import { Fragment, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Title, useNotify, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiFailure } from '../providers/httpClient';
import { permissionText, useConfirm } from '../widgets';
import { useCan, useCanGrant } from '../layout/useCan';
import { forgetCurrentUser } from '../providers/authProvider';
import { useAppData } from '../providers/useAppData';
import type { PermissionEntry, Role } from '../../domain/contracts/users';
import { ineffectiveOwnOnly, OWN_ONLY_TWINS, type OwnOnlyPermission } from '../../domain/permissions';

function RoleNameDialog({
  role,
  onClose,
  onSave,
}: {
  role: Role | 'new' | null;
  onClose: () => void;
  onSave: (name: string) => Promise<void>;
}) {
  const translate = useTranslate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const open = role !== null;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      TransitionProps={{
        onEnter: () => {
          setName(role && role !== 'new' ? role.name : '');
          setError(undefined);
        },
      }}
    >
      <DialogTitle>{translate(role === 'new' ? 'role_permission.new_role' : 'role_permission.rename')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          margin="dense"
          label={translate('role_permission.role_name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={Boolean(error)}
          helperText={error}
          fullWidth
          name="role_name"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() =>
            onSave(name).catch((failure: ApiFailure) => setError(failure.body?.errors?.name ?? failure.message))
          }
        >
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A role's column heading: its name, how many users hold it, and renaming and deleting it for those who may. */
function RoleColumnHead({
  role,
  label,
  onRename,
  onRemove,
}: {
  role: Role;
  label: string;
  onRename: () => void;
  onRemove: () => void;
}) {
  const translate = useTranslate();
  const can = useCan();
  return (
    <TableCell align="center" data-role={role.name}>
      <Stack alignItems="center">
        <Typography variant="subtitle2">{label}</Typography>
        <Typography variant="caption" color="text.secondary">
          {translate('resources.roles.fields.users_count')}: {role.users_count}
        </Typography>
        <Stack direction="row">
          {can('role-permission', 'edit') && !role.built_in && (
            <Tooltip title={translate('role_permission.rename')}>
              <IconButton size="small" onClick={onRename} aria-label={translate('role_permission.rename')}>
                <EditIcon fontSize="inherit" />
              </IconButton>
            </Tooltip>
          )}
          {can('role-permission', 'delete') && role.name !== 'admin' && (
            <Tooltip title={translate('role_permission.delete_role')}>
              <IconButton size="small" onClick={onRemove} aria-label={translate('role_permission.delete_role')}>
                <DeleteIcon fontSize="inherit" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      </Stack>
    </TableCell>
  );
}

/** One role's tick for one permission, with a warning where an "only own" tick changes nothing. */
function PermissionCell({
  role,
  permission,
  onToggle,
  mayGrant,
  ignoredOwnOnly,
}: {
  role: Role;
  permission: string;
  onToggle: (on: boolean) => void;
  mayGrant: boolean;
  ignoredOwnOnly: (role: Role, own: OwnOnlyPermission) => string;
}) {
  return (
    <TableCell align="center" padding="checkbox" sx={{ whiteSpace: 'nowrap' }}>
      <Checkbox
        size="small"
        checked={role.permissions.includes(permission)}
        disabled={!mayGrant || role.name === 'admin'}
        onChange={(e) => onToggle(e.target.checked)}
        inputProps={{ 'aria-label': `${role.name}:${permission}` }}
      />
      {role.name !== 'admin' && (ineffectiveOwnOnly(role.permissions) as string[]).includes(permission) && (
        <Tooltip title={ignoredOwnOnly(role, permission as OwnOnlyPermission)}>
          <WarningAmberIcon
            color="warning"
            fontSize="small"
            sx={{ verticalAlign: 'middle' }}
            aria-label={ignoredOwnOnly(role, permission as OwnOnlyPermission)}
            aria-hidden={false}
            role="img"
          />
        </Tooltip>
      )}
    </TableCell>
  );
}

/** The permissions grouped by resource, those matching the filter (by key, group or name) only. */
function usePermissionGroups(catalogue: PermissionEntry[] | undefined, filter: string) {
  const translate = useTranslate();
  return useMemo(() => {
    const map = new Map<string, string[]>();
    for (const p of catalogue ?? []) {
      const label = translate(`permission_groups.${p.group}`);
      const wanted = filter.toLowerCase();
      const named = permissionText(translate, p.name).name.toLowerCase();
      if (filter && !p.name.includes(wanted) && !label.toLowerCase().includes(wanted) && !named.includes(wanted))
        continue;
      map.set(p.group, [...(map.get(p.group) ?? []), p.name]);
    }
    return [...map.entries()];
  }, [catalogue, filter, translate]);
}

/** /role-permission: roles as columns, permissions as rows grouped by resource; a tick saves at once. */
export function RolePermissionsPage() {
  const provider = useAppData();
  const translate = useTranslate();
  const notify = useNotify();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const can = useCan();
  const canGrant = useCanGrant();
  const [filter, setFilter] = useState('');
  const [naming, setNaming] = useState<Role | 'new' | null>(null);
  const roles = useQuery({ queryKey: ['roles'], queryFn: () => provider.roles() });
  const permissions = useQuery({ queryKey: ['permissions'], queryFn: () => provider.permissionCatalogue() });

  const groups = usePermissionGroups(permissions.data, filter);

  const refresh = () => {
    forgetCurrentUser();
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: ['roles'] }),
      queryClient.invalidateQueries({ queryKey: ['currentUser'] }),
    ]);
  };

  const save = async (body: { id?: number; name: string; permissions: string[] }) => {
    await provider.saveRole(body);
    await refresh();
  };

  const toggle = async (role: Role, permission: string, on: boolean) => {
    const next = on ? [...role.permissions, permission] : role.permissions.filter((p) => p !== permission);
    try {
      await save({ id: role.id, name: role.name, permissions: next });
      notify('role_permission.saved', { type: 'success' });
    } catch (failure) {
      notify((failure as ApiFailure).message ?? 'app.error', { type: 'error' });
    }
  };

  const remove = async (role: Role) => {
    if (!(await confirm(translate('app.delete_confirm')))) return;
    try {
      await provider.deleteRole(role.id);
      await refresh();
      notify('app.deleted', { type: 'success' });
    } catch (failure) {
      notify(`${translate('app.delete_failed')}: ${(failure as ApiFailure).message ?? ''}`, { type: 'error' });
    }
  };

  const roleLabel = (role: Role) => translate(`roles.${role.name}`, { _: role.name });
  /** Why an "only own" permission ticked beside its broad twin changes nothing (the administrator holds both). */
  const ignoredOwnOnly = (role: Role, own: OwnOnlyPermission) =>
    translate('role_permission.own_only_ignored', {
      role: roleLabel(role),
      own: permissionText(translate, own).name,
      broad: permissionText(translate, OWN_ONLY_TWINS[own]).name,
    });
  const contradictions = (roles.data ?? [])
    .filter((role) => role.name !== 'admin')
    .flatMap((role) => ineffectiveOwnOnly(role.permissions).map((own) => ({ role, own })));

  return (
    <Box sx={{ mt: 1 }}>
      <Title title={translate('role_permission.title')} />
      <Stack direction="row" gap={2} alignItems="center" sx={{ mb: 2 }}>
        <TextField
          size="small"
          label={translate('role_permission.filter')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        {can('role-permission', 'create') && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setNaming('new')}>
            {translate('role_permission.new_role')}
          </Button>
        )}
      </Stack>
      {contradictions.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="own-only-ignored">
          {contradictions.map(({ role, own }) => (
            <div key={`${role.id}:${own}`}>{ignoredOwnOnly(role, own)}</div>
          ))}
        </Alert>
      )}
      <TableContainer component={Paper} sx={{ maxHeight: 'calc(100vh - 220px)' }}>
        <Table size="small" stickyHeader aria-label={translate('role_permission.title')} data-testid="role-grid">
          <TableHead>
            <TableRow>
              <TableCell>{translate('role_permission.permission')}</TableCell>
              {(roles.data ?? []).map((role) => (
                <RoleColumnHead
                  key={role.id}
                  role={role}
                  label={roleLabel(role)}
                  onRename={() => setNaming(role)}
                  onRemove={() => void remove(role)}
                />
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {groups.map(([group, names]) => (
              <Fragment key={group}>
                <TableRow>
                  <TableCell colSpan={(roles.data?.length ?? 0) + 1} sx={{ bgcolor: 'action.hover', fontWeight: 600 }}>
                    {translate(`permission_groups.${group}`)}
                  </TableCell>
                </TableRow>
                {names.map((name) => (
                  <TableRow key={name} hover>
                    <TableCell data-permission={name}>
                      <Typography variant="body2">{permissionText(translate, name).name}</Typography>
                      <Typography variant="caption" color="text.secondary">
                        {permissionText(translate, name).description}
                      </Typography>
                    </TableCell>
                    {(roles.data ?? []).map((role) => (
                      <PermissionCell
                        key={role.id}
                        role={role}
                        permission={name}
                        onToggle={(on) => void toggle(role, name, on)}
                        mayGrant={canGrant(name)}
                        ignoredOwnOnly={ignoredOwnOnly}
                      />
                    ))}
                  </TableRow>
                ))}
              </Fragment>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <RoleNameDialog
        role={naming}
        onClose={() => setNaming(null)}
        onSave={async (name) => {
          const current = naming;
          await save(
            current === 'new' || !current
              ? { name, permissions: [] }
              : { id: current.id, name, permissions: current.permissions },
          );
          setNaming(null);
          notify('app.success', { type: 'success' });
        }}
      />
    </Box>
  );
}

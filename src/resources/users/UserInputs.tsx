import {
  AutocompleteArrayInput,
  BooleanInput,
  ImageField,
  ImageInput,
  PasswordInput,
  ReferenceArrayInput,
  SelectArrayInput,
  TextInput,
  useGetList,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Avatar, Box, Stack } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { email, formBoolean, password, requiredText } from '../../../domain/validation';
import { phoneRule } from '../../widgets';

/** The same rules the server applies (domain/validation), so the form answers before the round trip. */
export const userFormSchema = (creating: boolean) =>
  z
    .object({
      full_name: requiredText(120),
      email: email(),
      phone: z.string().max(40).optional().nullable(),
      password: creating ? password() : z.union([z.literal(''), z.null(), password()]).optional(),
      roles: z.array(z.string()).optional(),
      buildings: z.array(z.number()).optional(),
      active: formBoolean().optional(),
    })
    .passthrough();

export const userResolver = (creating: boolean) =>
  zodResolver(userFormSchema(creating)) as unknown as Resolver<FieldValues>;

function CurrentAvatar() {
  const record = useRecordContext<{ avatar_url?: string | null; full_name?: string }>();
  if (!record?.avatar_url) return null;
  return <Avatar src={record.avatar_url} alt={record.full_name} sx={{ width: 64, height: 64 }} />;
}

function RoleInput() {
  const translate = useTranslate();
  const { data = [] } = useGetList<{ id: number; name: string }>('roles', { pagination: { page: 1, perPage: 1000 } });
  const choices = data.map((r) => ({ id: r.name, name: translate(`roles.${r.name}`, { _: r.name }) }));
  return <SelectArrayInput source="roles" choices={choices} fullWidth />;
}

/** Create and Edit share these inputs. */
export function UserInputs({ creating }: { creating: boolean }) {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%', maxWidth: 720 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={2}>
        <TextInput source="full_name" fullWidth />
        <TextInput source="email" type="email" fullWidth />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={2}>
        <TextInput source="phone" validate={phoneRule} fullWidth />
        <PasswordInput
          source="password"
          fullWidth
          helperText={creating ? false : translate('resources.users.password_hint')}
          autoComplete="new-password"
        />
      </Stack>
      <RoleInput />
      <ReferenceArrayInput
        source="buildings"
        reference="buildings"
        perPage={1000}
        sort={{ field: 'name', order: 'ASC' }}
      >
        <AutocompleteArrayInput optionText="name" fullWidth />
      </ReferenceArrayInput>
      <BooleanInput source="active" defaultValue />
      <Stack direction="row" gap={2} alignItems="center">
        <CurrentAvatar />
        <ImageInput
          source="avatar"
          accept={{ 'image/*': ['.png', '.jpg', '.jpeg', '.webp', '.gif'] }}
          maxSize={5 * 1024 * 1024}
        >
          <ImageField source="src" title="title" />
        </ImageInput>
      </Stack>
    </Box>
  );
}

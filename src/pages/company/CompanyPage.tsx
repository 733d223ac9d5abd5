import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { Title, useNotify, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiFailure } from '../../providers/httpClient';
import { useCan } from '../../layout/useCan';
import { useAppData } from '../../providers/useAppData';
import { LinkValue, useUploadFailed, Spinner } from '../../widgets';

const FIELDS = [
  'name',
  'identification_code',
  'director',
  'director_pid',
  'phone',
  'email',
  'address',
  'website',
] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: Record<Field, string> = {
  name: '',
  identification_code: '',
  director: '',
  director_pid: '',
  phone: '',
  email: '',
  address: '',
  website: '',
};

/** /company: the developer's company (GET, POST /company with the logo); edit_general_company saves it. */
export function CompanyPage() {
  const provider = useAppData();
  const translate = useTranslate();
  const notify = useNotify();
  const uploadFailed = useUploadFailed();
  const queryClient = useQueryClient();
  const can = useCan();
  const canEdit = Boolean(can('company', 'edit'));
  const { data: company, isPending } = useQuery({ queryKey: ['company'], queryFn: () => provider.company() });
  const [values, setValues] = useState(EMPTY);
  const [logo, setLogo] = useState<File | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (company) setValues(Object.fromEntries(FIELDS.map((f) => [f, company[f] ?? ''])) as Record<Field, string>);
  }, [company]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const form = new FormData();
    FIELDS.forEach((f) => form.append(f, values[f]));
    if (logo) form.append('logo', logo);
    else if (removeLogo) form.append('remove_logo', 'true');
    setSaving(true);
    try {
      const saved = await provider.saveCompany(form);
      queryClient.setQueryData(['company'], saved);
      setErrors({});
      setLogo(null);
      setRemoveLogo(false);
      notify('app.record_updated', { type: 'success' });
    } catch (failure) {
      const errors = (failure as ApiFailure).body?.errors ?? {};
      setErrors(errors);
      if (logo && errors.logo) uploadFailed(logo.name, String(errors.logo));
      else notify('app.error', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  if (isPending) return <Spinner />;
  const logoSrc = logo ? URL.createObjectURL(logo) : removeLogo ? undefined : (company?.logo_url ?? undefined);
  const field = (
    name: Field,
    props: { type?: string; required?: boolean; multiline?: boolean; helperText?: ReactNode } = {},
  ) => (
    <TextField
      name={name}
      label={translate(`sites.company.${name}`)}
      value={values[name]}
      onChange={(e) => setValues({ ...values, [name]: e.target.value })}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      disabled={!canEdit}
      fullWidth
      {...props}
    />
  );

  return (
    <Card sx={{ mt: 2, maxWidth: 880 }}>
      <Title title={translate('sites.company.title')} />
      <CardContent component="form" onSubmit={submit} noValidate>
        {!company && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('sites.company.empty')}
          </Alert>
        )}
        {!canEdit && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('sites.company.read_only')}
          </Alert>
        )}
        <Stack gap={2}>
          <Stack direction="row" gap={2} alignItems="center" flexWrap="wrap">
            <Avatar
              src={logoSrc}
              variant="rounded"
              sx={{ width: 96, height: 96, bgcolor: 'action.hover', '& img': { objectFit: 'contain' } }}
              alt={translate('sites.company.logo')}
            >
              {values.name.slice(0, 1)}
            </Avatar>
            {canEdit && (
              <Stack gap={0.5}>
                <Button component="label" variant="outlined">
                  {translate('sites.company.choose_logo')}
                  <input
                    hidden
                    type="file"
                    name="logo"
                    accept="image/png,image/jpeg,image/webp,image/gif"
                    onChange={(e) => setLogo(e.target.files?.[0] ?? null)}
                  />
                </Button>
                {company?.logo_url && !logo && (
                  <FormControlLabel
                    control={<Checkbox checked={removeLogo} onChange={(e) => setRemoveLogo(e.target.checked)} />}
                    label={translate('sites.company.remove_logo')}
                  />
                )}
              </Stack>
            )}
            {errors.logo && <Typography color="error">{errors.logo}</Typography>}
          </Stack>
          {field('name', { required: true })}
          <Stack direction={{ xs: 'column', sm: 'row' }} gap={2}>
            {field('identification_code')}
            {field('phone')}
            {field('email', { type: 'email' })}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} gap={2}>
            {field('director')}
            {field('director_pid')}
          </Stack>
          {field('address', { multiline: true })}
          {field('website', {
            helperText:
              errors.website ?? (values.website ? <LinkValue mode="url" value={values.website} /> : undefined),
          })}
          {canEdit && (
            <Box>
              <Button type="submit" variant="contained" disabled={saving}>
                {translate('sites.company.save')}
              </Button>
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import {
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { Title, useNotify, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import type { ApiFailure } from '../providers/httpClient';
import { forgetCurrentUser } from '../providers/authProvider';
import { useCurrentUser } from '../layout/useCurrentUser';
import { DateFormatSelect, useUploadFailed } from '../widgets';
import { useAppData } from '../providers/useAppData';

function PersonalInfo() {
  const provider = useAppData();
  const translate = useTranslate();
  const notify = useNotify();
  const uploadFailed = useUploadFailed();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const [values, setValues] = useState({ full_name: '', email: '', phone: '', otp_channel: 'email' });
  const [avatar, setAvatar] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (user)
      setValues({
        full_name: user.full_name,
        email: user.email,
        phone: user.phone ?? '',
        otp_channel: user.otp_channel ?? 'email',
      });
  }, [user]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const form = new FormData();
    form.append('_method', 'PUT');
    // the code goes by SMS only to a phone
    const otpChannel = values.phone.trim() ? values.otp_channel : 'email';
    Object.entries({ ...values, otp_channel: otpChannel }).forEach(([k, v]) => form.append(k, v));
    if (avatar) form.append('avatar', avatar);
    try {
      await provider.updateMyProfile(form);
      setErrors({});
      setAvatar(null);
      forgetCurrentUser();
      await queryClient.invalidateQueries({ queryKey: ['currentUser'] });
      notify('app.record_updated', { type: 'success' });
    } catch (failure) {
      const errors = (failure as ApiFailure).body?.errors ?? {};
      setErrors(errors);
      if (avatar && errors.avatar) uploadFailed(avatar.name, String(errors.avatar));
      else notify('app.error', { type: 'error' });
    }
  };
  const field = (name: 'full_name' | 'email' | 'phone', type = 'text') => (
    <TextField
      name={name}
      type={type}
      label={translate(`resources.users.fields.${name}`)}
      value={values[name]}
      onChange={(e) => setValues({ ...values, [name]: e.target.value })}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      fullWidth
    />
  );
  return (
    <Card>
      <CardContent component="form" onSubmit={submit} noValidate>
        <Typography variant="h6" gutterBottom>
          {translate('profile.personal_info')}
        </Typography>
        <Stack gap={2}>
          <Stack direction="row" gap={2} alignItems="center">
            <Avatar
              src={avatar ? URL.createObjectURL(avatar) : (user?.avatar_url ?? undefined)}
              sx={{ width: 72, height: 72 }}
            />
            <Button component="label" variant="outlined">
              {translate('resources.users.fields.avatar')}
              <input
                hidden
                type="file"
                name="avatar"
                accept="image/png,image/jpeg,image/webp,image/gif"
                onChange={(e) => setAvatar(e.target.files?.[0] ?? null)}
              />
            </Button>
            {errors.avatar && <Typography color="error">{errors.avatar}</Typography>}
          </Stack>
          {field('full_name')}
          {field('email', 'email')}
          {field('phone')}
          <FormControl error={Boolean(errors.otp_channel)}>
            <FormLabel id="otp-channel-label">{translate('auth_mail.otp_channel')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="otp-channel-label"
              name="otp_channel"
              value={values.phone.trim() ? values.otp_channel : 'email'}
              onChange={(e) => setValues({ ...values, otp_channel: e.target.value })}
            >
              <FormControlLabel
                value="email"
                control={<Radio />}
                label={translate('customer_messages.channels.email')}
              />
              <FormControlLabel
                value="sms"
                control={<Radio />}
                disabled={!values.phone.trim()}
                label={translate('customer_messages.channels.sms')}
              />
            </RadioGroup>
            {(errors.otp_channel || !values.phone.trim()) && (
              <FormHelperText>{errors.otp_channel ?? translate('auth_mail.otp_sms_needs_phone')}</FormHelperText>
            )}
          </FormControl>
          <Box>
            <Button type="submit" variant="contained">
              {translate('profile.save')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

function PasswordChange() {
  const provider = useAppData();
  const translate = useTranslate();
  const notify = useNotify();
  const empty = { current_password: '', password: '', password_confirmation: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await provider.changeMyPassword(values);
      setValues(empty);
      setErrors({});
      notify('app.record_updated', { type: 'success' });
    } catch (failure) {
      setErrors((failure as ApiFailure).body?.errors ?? {});
      notify((failure as ApiFailure).message ?? 'app.error', { type: 'error' });
    }
  };
  const labels = {
    current_password: 'profile.current_password',
    password: 'auth.new_password',
    password_confirmation: 'auth.confirm_password',
  } as const;
  return (
    <Card>
      <CardContent component="form" onSubmit={submit} noValidate>
        <Typography variant="h6" gutterBottom>
          {translate('profile.change_password')}
        </Typography>
        <Stack gap={2}>
          {(Object.keys(labels) as Array<keyof typeof labels>).map((name) => (
            <TextField
              key={name}
              name={name}
              type="password"
              autoComplete={name === 'current_password' ? 'current-password' : 'new-password'}
              label={translate(labels[name])}
              value={values[name]}
              onChange={(e) => setValues({ ...values, [name]: e.target.value })}
              error={Boolean(errors[name])}
              helperText={errors[name]}
              fullWidth
            />
          ))}
          <Box>
            <Button type="submit" variant="contained" disabled={!values.current_password || !values.password}>
              {translate('profile.change_password')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** /my-profile: personal information with avatar, the date format preference, and the password. */
export function MyProfilePage() {
  const translate = useTranslate();
  return (
    <Stack gap={2} sx={{ mt: 2, maxWidth: 640 }}>
      <Title title={translate('profile.title')} />
      <PersonalInfo />
      <Card>
        <CardContent>
          <DateFormatSelect />
        </CardContent>
      </Card>
      <PasswordChange />
    </Stack>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Button, Link, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ApiFailure } from '../providers/httpClient';
import { checkPasswordResetToken, confirmPasswordReset, requestPasswordReset } from '../providers/authProvider';
import { AuthCard } from './LoginPage';

export function ForgotPasswordPage() {
  const translate = useTranslate();
  const [email, setEmail] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    try {
      setDone((await requestPasswordReset(email)).message);
    } catch (error) {
      setFailure(error as ApiFailure);
    }
  };
  return (
    <AuthCard title={translate('auth.reset_title')}>
      {done ? (
        <Alert severity="success">{done}</Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap={2}>
            <TextField
              label={translate('auth.email')}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={Boolean(failure?.body?.errors?.email)}
              helperText={failure?.body?.errors?.email ?? failure?.message}
              fullWidth
              autoFocus
            />
            <Button type="submit" variant="contained" disabled={!email}>
              {translate('auth.reset_send')}
            </Button>
          </Stack>
        </form>
      )}
      <Link component={RouterLink} to="/login" variant="body2" sx={{ display: 'block', mt: 2 }}>
        {translate('auth.back')}
      </Link>
    </AuthCard>
  );
}

export function ResetPasswordPage() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [valid, setValid] = useState<boolean | null>(null);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | null>(null);

  useEffect(() => {
    checkPasswordResetToken(token)
      .then((answer) => setValid(answer.valid))
      .catch(() => setValid(false));
  }, [token]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    try {
      await confirmPasswordReset({ token, password, password_confirmation: confirmation });
      setDone(true);
    } catch (error) {
      setFailure(error as ApiFailure);
    }
  };
  const errors = failure?.body?.errors ?? {};
  return (
    <AuthCard title={translate('auth.reset_title')}>
      {valid === false && <Alert severity="error">{translate('auth.reset_invalid')}</Alert>}
      {done && <Alert severity="success">{translate('auth.reset_done')}</Alert>}
      {valid && !done && (
        <form onSubmit={submit} noValidate>
          <Stack gap={2}>
            {failure?.message && !errors.password && <Alert severity="error">{failure.message}</Alert>}
            <TextField
              label={translate('auth.new_password')}
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={Boolean(errors.password)}
              helperText={errors.password}
              fullWidth
            />
            <TextField
              label={translate('auth.confirm_password')}
              type="password"
              value={confirmation}
              onChange={(e) => setConfirmation(e.target.value)}
              error={Boolean(errors.password_confirmation)}
              helperText={errors.password_confirmation}
              fullWidth
            />
            <Button type="submit" variant="contained" disabled={!password}>
              {translate('profile.save')}
            </Button>
          </Stack>
        </form>
      )}
      <Link component={RouterLink} to="/login" variant="body2" sx={{ display: 'block', mt: 2 }}>
        {translate('auth.sign_in')}
      </Link>
    </AuthCard>
  );
}

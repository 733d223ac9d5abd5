import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Link, Stack, TextField, Typography } from '@mui/material';
import { useCheckAuth, useLogin, useTranslate } from 'react-admin';
import { clientConfig } from '../providers/config';
import {
  askedAddress,
  forgetAskedAddress,
  forgetLostSession,
  requestCode,
  resendCode,
  sessionWasLost,
} from '../providers/authProvider';
import { AlertDialog } from '../widgets/AlertDialog';
import { LanguageSwitcher } from '../layout/LanguageSwitcher';
import type { ApiFailure } from '../providers/httpClient';

const fieldError = (failure: ApiFailure | null, field: string) => failure?.body?.errors?.[field];

export function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        p: 2,
      }}
    >
      <Card sx={{ width: 400, maxWidth: '100%' }}>
        <CardContent>
          <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 2 }}>
            <Stack direction="row" alignItems="center" gap={1}>
              <img src="/logo.svg" alt="" width={36} height={36} />
              <Typography variant="h6">{title}</Typography>
            </Stack>
            <LanguageSwitcher />
          </Stack>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}

/** Signing in: email and password, then the 6-digit code, with a resend after the wait. */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const checkAuth = useCheckAuth();
  const navigate = useNavigate();
  // A signed-out deep link: after the code step the user goes back to the address asked for, which
  // react-admin passes in the location's state or the auth provider kept when it sent the user here.
  const asked = useLocation().state as { nextPathname?: string; nextSearch?: string } | null;
  const fromState =
    asked?.nextPathname && asked.nextPathname !== '/login' && asked.nextPathname !== '/'
      ? asked.nextPathname + (asked.nextSearch ?? '')
      : null;
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useState(0);
  // signed out by a 401 (the session expired or was ended elsewhere): said once, to be acknowledged
  const [sessionLost, setSessionLost] = useState(sessionWasLost);

  useEffect(() => {
    checkAuth({}, false)
      .then(() => navigate('/', { replace: true }))
      .catch(() => undefined);
  }, [checkAuth, navigate]);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      setFailure(error as ApiFailure);
    } finally {
      setBusy(false);
    }
  };

  const submitPassword = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const answer = await requestCode(email, password);
      setInfo(answer.message);
      setStep('code');
      setCode('');
      setWait(clientConfig().otpResendSeconds);
    });
  };

  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await login({ email, password, code }, fromState ?? askedAddress());
      forgetAskedAddress();
    });
  };

  const resend = () =>
    run(async () => {
      await resendCode(email);
      setInfo(translate('auth.code_resent'));
      setWait(clientConfig().otpResendSeconds);
    });

  return (
    <AuthCard title={translate('auth.sign_in')}>
      <AlertDialog
        active={sessionLost}
        mode="warning"
        title="auth.session_lost_title"
        text="auth.session_lost"
        onClose={() => {
          forgetLostSession();
          setSessionLost(false);
        }}
      />
      {failure?.message && !fieldError(failure, 'code') && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure.message}
        </Alert>
      )}
      {step === 'password' ? (
        <form onSubmit={submitPassword} noValidate>
          <Stack gap={2}>
            <TextField
              label={translate('auth.email')}
              type="email"
              name="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
              autoFocus
              fullWidth
            />
            <TextField
              label={translate('auth.password')}
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
              fullWidth
            />
            <Button type="submit" variant="contained" disabled={busy || !email || !password}>
              {translate('auth.continue')}
            </Button>
            <Link component={RouterLink} to="/forgot-password" variant="body2">
              {translate('auth.forgot')}
            </Link>
          </Stack>
        </form>
      ) : (
        <form onSubmit={submitCode} noValidate>
          <Stack gap={2}>
            <Alert severity="info">{info ?? translate('auth.code_sent')}</Alert>
            <TextField
              label={translate('auth.code')}
              name="code"
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
              inputProps={{ inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 }}
              error={Boolean(fieldError(failure, 'code'))}
              helperText={fieldError(failure, 'code')}
              autoFocus
              fullWidth
            />
            <Button type="submit" variant="contained" disabled={busy || code.length !== 6}>
              {translate('auth.sign_in')}
            </Button>
            <Stack direction="row" justifyContent="space-between" alignItems="center">
              <Button onClick={() => setStep('password')} disabled={busy}>
                {translate('auth.back')}
              </Button>
              <Button onClick={resend} disabled={busy || wait > 0} data-testid="resend">
                {wait > 0 ? translate('auth.resend_in', { seconds: wait }) : translate('auth.resend')}
              </Button>
            </Stack>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useLogout, useTranslate } from 'react-admin';
import { IDLE_LOGOUT_GRACE_MS } from '../../domain/config';
import { clientConfig } from '../providers/config';

const ACTIVITY = ['mousemove', 'keydown', 'scroll', 'mousedown', 'touchstart'] as const;

/**
 * After the configured idle minutes a prompt asks whether to stay. Yes restarts the timer;
 * No, or no answer within 10 seconds, signs out to /login. Mouse, keys and scrolling reset the timer.
 */
export function IdleTimer() {
  const translate = useTranslate();
  const logout = useLogout();
  const idleMs = clientConfig().idleMinutes * 60_000;
  const [asking, setAsking] = useState(false);
  const idleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const graceTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const askingRef = useRef(false);

  useEffect(() => {
    if (!idleMs) return;
    const arm = () => {
      if (askingRef.current) return;
      clearTimeout(idleTimer.current);
      idleTimer.current = setTimeout(() => {
        askingRef.current = true;
        setAsking(true);
        graceTimer.current = setTimeout(() => void logout(), IDLE_LOGOUT_GRACE_MS);
      }, idleMs);
    };
    arm();
    ACTIVITY.forEach((event) => window.addEventListener(event, arm, { passive: true, capture: true }));
    return () => {
      clearTimeout(idleTimer.current);
      clearTimeout(graceTimer.current);
      ACTIVITY.forEach((event) => window.removeEventListener(event, arm, { capture: true }));
    };
  }, [idleMs, logout]);

  const stay = () => {
    clearTimeout(graceTimer.current);
    askingRef.current = false;
    setAsking(false);
    window.dispatchEvent(new Event('mousemove'));
  };
  const leave = () => {
    clearTimeout(graceTimer.current);
    void logout();
  };

  return (
    <Dialog open={asking} onClose={stay}>
      <DialogTitle>{translate('app.attention')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('auth.session_prompt')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={leave}>{translate('app.no')}</Button>
        <Button onClick={stay} variant="contained" autoFocus>
          {translate('app.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { AuthProvider } from 'react-admin';
import { IdleTimer } from '../../src/layout/IdleTimer';
import { setClientConfigForTests } from '../../src/providers/config';
import { renderWithAdmin, testClientConfig } from './render';

const PROMPT = 'Your session is expiring due to inactivity. Do you want to stay in the system?';

const authProvider = (): AuthProvider & { logout: ReturnType<typeof vi.fn> } => ({
  login: vi.fn(async () => undefined),
  logout: vi.fn(async () => undefined),
  checkAuth: vi.fn(async () => undefined),
  checkError: vi.fn(async () => undefined),
  getPermissions: vi.fn(async () => []),
});

describe('the idle prompt', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    setClientConfigForTests(testClientConfig({ idleMinutes: 1 }));
  });
  afterEach(() => vi.useRealTimers());

  it('asks after the configured minutes, and signs out when nobody answers within 10 seconds', async () => {
    const auth = authProvider();
    renderWithAdmin(<IdleTimer />, { authProvider: auth });
    await act(async () => vi.advanceTimersByTime(59_000));
    expect(screen.queryByText(PROMPT)).toBeNull();
    await act(async () => vi.advanceTimersByTime(1_500));
    expect(screen.getByText(PROMPT)).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(9_000));
    expect(auth.logout).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1_500));
    expect(auth.logout).toHaveBeenCalled();
  });

  it('mouse, keys and scrolling reset the timer', async () => {
    const auth = authProvider();
    renderWithAdmin(<IdleTimer />, { authProvider: auth });
    for (const event of ['mouseMove', 'keyDown', 'scroll'] as const) {
      await act(async () => vi.advanceTimersByTime(50_000));
      fireEvent[event](window);
    }
    await act(async () => vi.advanceTimersByTime(50_000));
    expect(screen.queryByText(PROMPT)).toBeNull();
  });

  it('Yes keeps the user signed in and restarts the timer; No signs out at once', async () => {
    const auth = authProvider();
    renderWithAdmin(<IdleTimer />, { authProvider: auth });
    await act(async () => vi.advanceTimersByTime(61_000));
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await act(async () => vi.advanceTimersByTime(15_000));
    expect(auth.logout).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(50_000));
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    await act(async () => vi.advanceTimersByTime(100));
    expect(auth.logout).toHaveBeenCalled();
  });
});

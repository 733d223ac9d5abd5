import { useCallback } from 'react';
import { Box } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { StaffNotification } from '../../../domain/contracts/notifications';
import { useAppData } from '../../providers/useAppData';

/**
 * The bell's query; react-admin's lists of notifications live under the same first key,
 * so one invalidation refreshes all.
 */
export const BELL_QUERY_KEY = ['notifications', 'bell'] as const;
/** At most 5 latest unread in the dropdown. */
export const BELL_SIZE = 5;
/** The bell asks again this often (and whenever the window regains focus). */
export const BELL_POLL_MS = 30_000;

/** A notification's text: HTML-safe text rendered by the server (its params escaped there), shown as HTML. */
export function NoticeText({ text }: { text: string }) {
  return <Box component="span" dangerouslySetInnerHTML={{ __html: text }} />;
}

/** Every query about notifications (the bell, my list, manager mode) asks again. */
export function useRefreshNotifications() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['notifications'] }),
        queryClient.invalidateQueries({ queryKey: ['manager-notifications'] }),
      ]),
    [queryClient],
  );
}

/** Marks one of my notifications read (when it is not yet) and refreshes the counts. */
export function useMarkRead() {
  const provider = useAppData();
  const refresh = useRefreshNotifications();
  const notify = useNotify();
  return useCallback(
    async (notification: Pick<StaffNotification, 'id' | 'read'>) => {
      if (notification.read) return;
      try {
        await provider.markNotificationRead(notification.id);
      } catch (failure) {
        notify((failure as Error).message || 'ra.notification.http_error', { type: 'error' });
      }
      await refresh();
    },
    [provider, refresh, notify],
  );
}

/** Opening a notification: it is marked read, then its page opens (when it has one). */
export function useOpenNotification() {
  const markRead = useMarkRead();
  const navigate = useNavigate();
  return useCallback(
    async (notification: Pick<StaffNotification, 'id' | 'read' | 'link'>) => {
      await markRead(notification);
      if (notification.link) navigate(notification.link);
    },
    [markRead, navigate],
  );
}

/** "Mark all as read": every one of my notifications, then the counts again. */
export function useMarkAllRead() {
  const provider = useAppData();
  const refresh = useRefreshNotifications();
  const notify = useNotify();
  return useCallback(async () => {
    try {
      await provider.markAllNotificationsRead();
      notify('notifications.all_marked_read', { type: 'success' });
    } catch (failure) {
      notify((failure as Error).message || 'ra.notification.http_error', { type: 'error' });
    }
    await refresh();
  }, [provider, refresh, notify]);
}

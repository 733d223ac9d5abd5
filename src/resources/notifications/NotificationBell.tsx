import { useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Divider,
  IconButton,
  ListItemText,
  Menu,
  MenuItem,
  Tooltip,
  Typography,
} from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useAppData } from '../../providers/useAppData';
import { useFormatMoment } from '../../widgets';
import { BELL_POLL_MS, BELL_QUERY_KEY, BELL_SIZE, NoticeText, useMarkAllRead, useOpenNotification } from './shared';

/**
 * The top bar's bell: the unread count, and a dropdown with the latest 5 unread; one call gives both, asked
 * again every 30 s and when the window regains focus. Opening a notification marks it read and goes to its page.
 */
export function NotificationBell() {
  const provider = useAppData();
  const translate = useTranslate();
  const when = useFormatMoment();
  const openNotification = useOpenNotification();
  const markAllRead = useMarkAllRead();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data } = useQuery({
    queryKey: BELL_QUERY_KEY,
    queryFn: () => provider.myNotifications({ unread: true, perpage: BELL_SIZE }),
    refetchInterval: BELL_POLL_MS,
    refetchOnWindowFocus: true,
  });
  const unread = data?.meta.unread ?? 0;
  const latest = data?.data ?? [];
  const close = () => setAnchor(null);
  const label = translate('notifications.bell');

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={unread ? `${label}: ${translate('notifications.unread_count', { count: unread })}` : label}
          aria-haspopup="menu"
        >
          <Badge badgeContent={unread} color="error" max={99}>
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 380, maxWidth: '95vw' } }, list: { dense: true } }}
      >
        <Box
          component="li"
          sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
        >
          <Typography variant="subtitle2">
            {translate('notifications.title')}
            {unread > 0 && (
              <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                {translate('notifications.unread_count', { count: unread })}
              </Typography>
            )}
          </Typography>
          <Button size="small" disabled={!unread} onClick={() => void markAllRead()}>
            {translate('notifications.mark_all_read')}
          </Button>
        </Box>
        <Divider component="li" />
        {latest.length === 0 && <MenuItem disabled>{translate('notifications.none_unread')}</MenuItem>}
        {latest.map((notification) => (
          <MenuItem
            key={notification.id}
            onClick={() => {
              close();
              void openNotification(notification);
            }}
            sx={{ whiteSpace: 'normal', alignItems: 'flex-start' }}
          >
            <ListItemText
              primary={<NoticeText text={notification.text} />}
              secondary={when(notification.created_at)}
              slotProps={{ primary: { sx: { fontWeight: 'bold' } } }}
            />
          </MenuItem>
        ))}
        <Divider component="li" />
        <MenuItem component={Link} to="/notifications" onClick={close}>
          {translate('notifications.see_all')}
        </MenuItem>
      </Menu>
    </>
  );
}

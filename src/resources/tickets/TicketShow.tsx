import { useRef, useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Link,
  Paper,
  Rating,
  Stack,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import LockIcon from '@mui/icons-material/Lock';
import SendIcon from '@mui/icons-material/Send';
import { useQuery } from '@tanstack/react-query';
import { ListButton, Loading, Title, TopToolbar, useGetRecordId, useNotify, useTranslate } from 'react-admin';
import type { TicketDetail } from '../../../domain/contracts/tickets';
import { useAppData } from '../../providers/useAppData';
import { DeleteWithConfirmButton, toIsoDay, useDateFormat, useLocaleFormat } from '../../widgets';
import { formatIsoDate } from '../../../domain/dateFormats';
import { ticketForm } from './TicketCreate';

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : 'app.error');

/** The reply box: text and files, sent as POST /ticket-item. */
function Reply({ ticket, onDone }: { ticket: TicketDetail; onDone: (t: TicketDetail) => void }) {
  const translate = useTranslate();
  const provider = useAppData();
  const notify = useNotify();
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const send = async () => {
    setBusy(true);
    try {
      const answer = await provider.replyToTicket(
        ticketForm(
          { ticket_id: ticket.id, body },
          files.map((rawFile) => ({ rawFile })),
        ),
      );
      setBody('');
      setFiles([]);
      onDone(answer);
    } catch (error) {
      notify(errorText(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1}>
      <MuiTextField
        label={translate('tickets.reply')}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        multiline
        minRows={3}
        fullWidth
      />
      <Stack direction="row" spacing={1} alignItems="center">
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept="image/*,application/pdf"
          onChange={(e) => setFiles([...(e.target.files ?? [])])}
        />
        <Button size="small" startIcon={<AttachFileIcon />} onClick={() => input.current?.click()}>
          {translate('tickets.attachments')}
        </Button>
        {files.map((f) => (
          <Chip key={f.name} size="small" label={f.name} onDelete={() => setFiles(files.filter((x) => x !== f))} />
        ))}
        <Box flex={1} />
        <Button variant="contained" startIcon={<SendIcon />} disabled={busy || !body.trim()} onClick={send}>
          {translate('tickets.send')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** A ticket as a conversation (reloaded after each action): messages with attachments, reply, close, rate. */
export function TicketShow() {
  const [dateFormat] = useDateFormat();
  const format = useLocaleFormat();
  // the day in the user's date format, the time 24-hour in Georgian and Russian
  const when = (iso: string) =>
    `${formatIsoDate(toIsoDay(new Date(iso)) ?? iso.slice(0, 10), dateFormat)} ${format.time(iso)}`;
  const id = useGetRecordId();
  const translate = useTranslate();
  const provider = useAppData();
  const notify = useNotify();
  const {
    data: ticket,
    refetch,
    isPending,
  } = useQuery({
    queryKey: ['ticket', String(id)],
    queryFn: () => provider.ticket(id),
  });
  if (isPending) return <Loading />;
  if (!ticket) return null;
  const reload = () => void refetch();
  const act = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      notify(success, { type: 'success' });
    } catch (error) {
      notify(errorText(error), { type: 'error' });
    }
    reload();
  };
  return (
    <Box>
      <Title title={`#${ticket.id} ${ticket.subject}`} />
      <TopToolbar>
        <ListButton resource="tickets" />
        {ticket.can_close && (
          <Button
            size="small"
            startIcon={<LockIcon />}
            onClick={() => act(() => provider.closeTicket(ticket.id), 'tickets.closed_done')}
          >
            {translate('tickets.close')}
          </Button>
        )}
        {ticket.can_delete && <DeleteWithConfirmButton resource="tickets" record={ticket} redirect="list" />}
      </TopToolbar>
      <Card>
        <CardContent>
          <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" mb={2}>
            <Typography variant="h6">{ticket.subject}</Typography>
            <Chip size="small" label={ticket.category_name} />
            <Chip size="small" label={translate(`tickets.statuses.${ticket.status}`)} />
            {ticket.assignee_name && (
              <Typography variant="body2" color="text.secondary">
                {translate('resources.tickets.fields.assignee_name')}: {ticket.assignee_name}
              </Typography>
            )}
          </Stack>
          <Stack spacing={1.5} role="list" aria-label={translate('tickets.conversation')}>
            {ticket.items.map((item) => (
              <Paper
                key={item.id}
                variant="outlined"
                sx={{
                  p: 1.5,
                  alignSelf: item.user_id === ticket.author_id ? 'flex-start' : 'flex-end',
                  maxWidth: '85%',
                  bgcolor: item.user_id === ticket.author_id ? undefined : 'action.hover',
                }}
                role="listitem"
              >
                <Typography variant="caption" color="text.secondary">
                  {item.user_name} · {when(item.created_at)}
                </Typography>
                {item.body && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{item.body}</Typography>}
                {item.attachments.map((a) => (
                  <Box key={a.id}>
                    <Link href={a.url ?? undefined} target="_blank" rel="noopener">
                      <AttachFileIcon fontSize="inherit" /> {a.original_name}
                    </Link>
                  </Box>
                ))}
              </Paper>
            ))}
          </Stack>
          <Box mt={2}>
            {ticket.can_reply && <Reply ticket={ticket} onDone={reload} />}
            {(ticket.can_rate || ticket.rating) && (
              <Stack direction="row" spacing={1} alignItems="center">
                <Typography variant="body2">{translate('tickets.rate')}</Typography>
                <Rating
                  value={ticket.rating}
                  readOnly={!ticket.can_rate}
                  getLabelText={(value: number) => translate('tickets.stars', { smart_count: value })}
                  emptyLabelText={translate('tickets.no_rating')}
                  onChange={(_e, value) => value && act(() => provider.rateTicket(ticket.id, value), 'tickets.rated')}
                />
              </Stack>
            )}
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}

import { Typography, type TypographyProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import { smsLength } from '../../../domain/sms';

/** "N characters · M SMS" under an SMS text, counted as the gateways count it (GSM-7 or UCS-2). */
export function SmsLengthNote({ text, ...rest }: { text: string } & TypographyProps) {
  const translate = useTranslate();
  const { characters, segments } = smsLength(text);
  return (
    <Typography variant="caption" color="text.secondary" data-testid="sms-length" {...rest}>
      {translate('customer_messages.sms_length', { characters, segments })}
    </Typography>
  );
}

import { Fragment, type MouseEvent } from 'react';
import { Link, Typography } from '@mui/material';
import { useFieldValue, useTranslate } from 'react-admin';
import { normalisePhoneNumber, phoneForDialling } from '../../domain/phone';
import { normaliseWebsite } from '../../domain/url';

/** The link widget: an email opens the mail program, a phone dials, a URL opens in a new tab, a file downloads. */
export type LinkMode = 'email' | 'phone' | 'url' | 'file';

/** A link inside a list row must not open the row. */
const keepRowClosed = (event: MouseEvent) => event.stopPropagation();

function linkOf(mode: LinkMode, value: string, fileName?: string) {
  switch (mode) {
    case 'email':
      return { href: `mailto:${value}`, text: value };
    case 'phone': {
      const dial = phoneForDialling(value);
      return { href: dial ? `tel:${dial}` : null, text: normalisePhoneNumber(value) ?? value };
    }
    case 'url': {
      // an address stored before the URL rule, or one that is not public, is shown but not opened
      const href = normaliseWebsite(value);
      return { href, text: value.replace(/^https?:\/\//i, '').replace(/\/$/, ''), newTab: true };
    }
    case 'file':
      return { href: value, text: fileName ?? value, download: true };
  }
}

export interface LinkValueProps {
  mode: LinkMode;
  /** One value or several (a customer's phones): each is its own link. */
  value: string | readonly string[] | null | undefined;
  /** The name shown for a file link (the signed address is not for reading). */
  fileName?: string;
}

/** The link widget for a value at hand; nothing (the caller's dash) when it is empty. */
export function LinkValue({ mode, value, fileName }: LinkValueProps) {
  const translate = useTranslate();
  const values = (Array.isArray(value) ? value : value ? [value] : []).filter((v): v is string => !!v);
  if (values.length === 0) return null;
  return (
    <>
      {values.map((v, i) => {
        const link = linkOf(mode, v, mode === 'file' ? (fileName ?? translate('widgets.link.download')) : undefined);
        return (
          <Fragment key={`${i}-${v}`}>
            {i > 0 && ', '}
            {link.href ? (
              <Link
                href={link.href}
                onClick={keepRowClosed}
                underline="hover"
                sx={{ whiteSpace: 'nowrap' }}
                {...(link.newTab && { target: '_blank', rel: 'noopener noreferrer' })}
                {...(link.download && { target: '_blank', rel: 'noreferrer', download: fileName ?? true })}
              >
                {link.text}
              </Link>
            ) : (
              <Typography component="span" variant="inherit">
                {link.text}
              </Typography>
            )}
          </Fragment>
        );
      })}
    </>
  );
}

export interface LinkFieldProps {
  source: string;
  mode: LinkMode;
  /** For a file: the record field that holds its name. */
  fileNameSource?: string;
  label?: string | false;
  sortable?: boolean;
}

/** The link widget as a react-admin field: reads `source` (a text or a list of texts) of the record in context. */
export function LinkField({ source, mode, fileNameSource }: LinkFieldProps) {
  const value = useFieldValue({ source }) as string | string[] | null | undefined;
  const fileName = useFieldValue({ source: fileNameSource ?? '__none' }) as string | undefined;
  return (
    <Typography component="span" variant="body2">
      <LinkValue mode={mode} value={value} fileName={fileNameSource ? fileName : undefined} />
    </Typography>
  );
}

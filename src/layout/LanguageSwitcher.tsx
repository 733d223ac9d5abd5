import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import { useLocaleState, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { LOCALES } from '../../i18n';
import { en } from '../../i18n/en';
import { LOCALE_KEY } from '../providers/i18nProvider';

/** SPEC §2: switches the language without a reload, keeps the choice, and refetches what the server translated. */
export function LanguageSwitcher() {
  const [locale, setLocale] = useLocaleState();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (next: (typeof LOCALES)[number]) => {
    localStorage.setItem(LOCALE_KEY, next);
    setLocale(next);
    setAnchor(null);
    void queryClient.invalidateQueries();
  };
  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={translate('app.language')}
        data-testid="language-switcher"
      >
        {locale.toUpperCase()}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LOCALES.map((l) => (
          <MenuItem key={l} selected={l === locale} onClick={() => choose(l)} data-locale={l}>
            {en.languages[l]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

import { useContext, useState } from 'react';
import { Button, Menu, MenuItem, useMediaQuery, type Theme } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import { useI18nProvider, useLocaleState, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { LANGUAGE_NAMES, LOCALES } from '../../i18n/locales';
import { I18nRenewal, LOCALE_KEY } from '../providers/i18nProvider';

/**
 * Switches the language without a reload, keeps the choice, and refetches what the server translated. The page
 * stays mounted (I18nRenewal), so a form being typed keeps its values.
 */
export function LanguageSwitcher() {
  const [locale, setLocale] = useLocaleState();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const i18nProvider = useI18nProvider();
  const renew = useContext(I18nRenewal);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // on a phone the language's code alone, so the page's title keeps its room in the top bar
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const choose = async (next: (typeof LOCALES)[number]) => {
    setAnchor(null);
    localStorage.setItem(LOCALE_KEY, next);
    if (renew) {
      await i18nProvider.changeLocale(next);
      renew();
    }
    setLocale(next);
    void queryClient.invalidateQueries();
  };
  return (
    <>
      <Button
        color="inherit"
        startIcon={phone ? undefined : <TranslateIcon />}
        sx={phone ? { minWidth: 0, px: 1 } : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={translate('app.language')}
      >
        {locale.toUpperCase()}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LOCALES.map((l) => (
          <MenuItem key={l} selected={l === locale} onClick={() => void choose(l)}>
            {LANGUAGE_NAMES[l]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

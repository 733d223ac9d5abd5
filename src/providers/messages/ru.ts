import russianMessages from 'ra-language-russian';
import { mergeTranslations, type TranslationMessages } from 'react-admin';
import { ru } from '../../../i18n/ru';
import { raRuMissing } from '../../../i18n/ra-ru-missing';
import { raTiptap } from '../../../i18n/ra-tiptap';

/**
 * Everything the screens read in Russian:
 * react-admin's own texts, those it lacks, the rich-text editor's, then the product's.
 */
export const messages = mergeTranslations(
  russianMessages as TranslationMessages,
  raRuMissing as TranslationMessages,
  raTiptap.ru,
  ru as unknown as TranslationMessages,
);

import { mergeTranslations, type TranslationMessages } from 'react-admin';
import { ka } from '../../../i18n/ka';
import { raKa } from '../../../i18n/ra-ka';
import { raTiptap } from '../../../i18n/ra-tiptap';

/** Everything the screens read in Georgian: react-admin's own texts, the rich-text editor's, then the product's. */
export const messages = mergeTranslations(
  raKa as TranslationMessages,
  raTiptap.ka,
  ka as unknown as TranslationMessages,
);

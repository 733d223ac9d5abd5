import englishMessages from 'ra-language-english';
import { mergeTranslations, type TranslationMessages } from 'react-admin';
import { en } from '../../../i18n/en';
import { raTiptap } from '../../../i18n/ra-tiptap';

/** Everything the screens read in English: react-admin's own texts, the rich-text editor's, then the product's. */
export const messages = mergeTranslations(englishMessages, raTiptap.en, en as unknown as TranslationMessages);

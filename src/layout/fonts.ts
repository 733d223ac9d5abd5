// One design for every script on screen: Noto Sans Georgian draws Georgian and Latin alike, Noto Sans (its family) the
// Cyrillic, so a line mixing a Georgian name with a contract number or an English word keeps one face. MUI's three
// weights; each weight is a set of files by script (unicode-range), and the browser fetches only those a page's text
// uses.
import '@fontsource/noto-sans-georgian/400.css';
import '@fontsource/noto-sans-georgian/500.css';
import '@fontsource/noto-sans-georgian/700.css';
import '@fontsource/noto-sans/400.css';
import '@fontsource/noto-sans/500.css';
import '@fontsource/noto-sans/700.css';

export const FONT_FAMILY = '"Noto Sans Georgian", "Noto Sans", sans-serif';

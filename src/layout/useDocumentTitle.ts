import { useEffect } from 'react';
import { useTranslate } from 'react-admin';

/**
 * The browser tab names the page: whatever the page's <Title> shows in the app bar, then the product's name
 * ("გაყიდვები · დეველოპერის მართვის პანელი"). Follows every page and language change, since it watches the title.
 */
export function useDocumentTitle() {
  const translate = useTranslate();
  const product = translate('app.name');
  useEffect(() => {
    const update = () => {
      const page = document.getElementById('react-admin-title')?.textContent?.trim();
      const title = page ? `${page} · ${product}` : product;
      if (document.title !== title) document.title = title;
    };
    update();
    const observer = new MutationObserver(update);
    const target = document.getElementById('react-admin-title') ?? document.body;
    observer.observe(target, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [product]);
}

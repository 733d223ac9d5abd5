import { useEffect } from 'react';

const quiet = (root: ParentNode) => {
  root.querySelectorAll('form:not([novalidate])').forEach((form) => ((form as HTMLFormElement).noValidate = true));
};

/**
 * Every form of the app validates with its own rules and translated messages: the browser's bubbles
 * ("Please include an '@'", in the browser's language) are turned off by marking each form `novalidate` as it
 * appears, dialogs (rendered outside the page) included. Mounted once by the layout.
 */
export function useAppValidationOnly() {
  useEffect(() => {
    quiet(document);
    const observer = new MutationObserver((changes) => {
      for (const change of changes)
        change.addedNodes.forEach((node) => {
          if (node instanceof HTMLFormElement) node.noValidate = true;
          else if (node instanceof Element) quiet(node);
        });
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
}

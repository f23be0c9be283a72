import { useEffect } from 'react';
import { useSiteName } from './get-site';

/** The page title of docs/product.md §1: the product name, a colon, then the page subject. */
export function pageTitle(siteName: string, subject?: string): string {
  return subject ? `${siteName}: ${subject}` : siteName;
}

/** Sets the document title while the calling page is shown, again once the server's site name arrives. */
export function useTitle(subject: string | undefined): void {
  const siteName = useSiteName();
  useEffect(() => {
    document.title = pageTitle(siteName, subject);
  }, [siteName, subject]);
}

function headElement<K extends 'link' | 'meta'>(
  tag: K,
  selector: string,
  create: (element: HTMLElementTagNameMap[K]) => void,
) {
  let element = document.head.querySelector<HTMLElementTagNameMap[K]>(selector);
  if (!element) {
    element = document.createElement(tag);
    create(element);
    document.head.append(element);
  }
  return element;
}

/**
 * Head elements the server rendered for the first page only (description, Open Graph, JSON-LD,
 * robots): they describe that page, so they go once the visitor moves to another.
 */
function dropServerHead(pathname: string): void {
  for (const element of document.head.querySelectorAll('[data-page]')) {
    if (element.getAttribute('data-page') !== pathname) element.remove();
  }
}

/** The canonical link, absolute, without query or hash; set on every navigation (docs/product.md §1). */
export function setCanonical(pathname: string): void {
  dropServerHead(pathname);
  const link = headElement('link', 'link[rel="canonical"]', (element) => {
    element.rel = 'canonical';
  });
  link.href = new URL(pathname, window.location.origin).href;
}

/**
 * Adds `<meta name="robots" content="noindex">` while the calling page is shown and removes it on
 * leaving (docs/product.md §1: search, edit profile, message reports, activation pages).
 */
export function useNoIndex(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

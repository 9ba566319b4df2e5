import { useEffect } from 'react';
import type { LazyPage } from './lazyPage';

export const APP_NAME = 'Cadenza';

export function documentTitle(title: string): string {
  return `${title} | ${APP_NAME}`;
}

/** Every route names its page in the browser tab (docs/domains/roles-and-navigation.md "Screens and routes"). */
export function TitledPage({ title, Page }: { title: string; Page: LazyPage }) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  return <Page />;
}

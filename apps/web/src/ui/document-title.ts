import { useEffect } from 'react';

/** The full document title of a screen: "Home | Tide". */
export function formatDocumentTitle(screen: string, appName = 'Tide'): string {
  return screen ? `${screen} | ${appName}` : appName;
}

/** Sets `document.title` while the calling screen is shown. */
export function useDocumentTitle(screen: string): void {
  useEffect(() => {
    document.title = formatDocumentTitle(screen);
  }, [screen]);
}

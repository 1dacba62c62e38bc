import { useEffect } from 'react';

export const APP_NAME = 'Church Directory';

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${APP_NAME}` : APP_NAME;
  }, [title]);
}

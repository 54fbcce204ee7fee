import { useEffect } from 'react';
import { useBrand } from './brand';

/** Page titles read '{title} | {brand name}' (spec). */
export function usePageTitle(title: string) {
  const brand = useBrand();
  useEffect(() => {
    document.title = title ? `${title} | ${brand.name}` : brand.name;
  }, [title, brand.name]);
}

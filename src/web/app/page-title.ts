import { useEffect } from 'react';
import { useBrand } from './brand';

/** Page titles read '{title} | {brand name}' (spec). */
export function usePageTitle(title: string) {
  const brand = useBrand();
  useEffect(() => {
    const text = title ? `${title} | ${brand.name}` : brand.name;
    // Setting it is not free (the browser passes it on to its window), and a server-rendered page
    // arrives with its title: left as it is then.
    if (document.title !== text) document.title = text;
  }, [title, brand.name]);
}

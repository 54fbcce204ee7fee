import {
  type ComponentType,
  createElement,
  type ReactNode,
  startTransition,
  useEffect,
  useState,
} from 'react';

import { isHydrating } from '../app/hydration';

/**
 * A component whose code loads on demand, like React.lazy but without Suspense: React holds a
 * resolved Suspense boundary back for up to 300 ms to batch reveals, which would delay the data calls
 * the loaded component starts. `preload` starts loading before the first render.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    pending ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return pending;
  };
  function Deferred(props: P) {
    // A server-rendered page has the fallback here (the code loads in the browser): so does its hydration.
    const [component, setComponent] = useState<ComponentType<P> | null>(() =>
      isHydrating() ? null : loaded,
    );
    useEffect(() => {
      if (component) return;
      let live = true;
      preload()
        // Rendered as a transition (in slices), as the data it shows (reporting-client.ts).
        .then((c) => live && startTransition(() => setComponent(() => c)))
        .catch((err: unknown) => console.error('Could not load a report component:', err));
      return () => {
        live = false;
      };
    }, [component]);
    return component ? createElement(component, props) : fallback;
  }
  return Object.assign(Deferred, { preload });
}

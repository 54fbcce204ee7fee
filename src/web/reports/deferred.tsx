import {
  type ComponentType,
  createElement,
  type ReactNode,
  startTransition,
  useEffect,
  useRef,
  useState,
} from 'react';

import { isHydrating } from '../app/hydration';

/**
 * Deferred components enter the page one at a time: each waits for the one before to be committed, then
 * for a task of the browser's. Revealed together, their transitions would be committed as one (the
 * summary and My Programs, their tables and scroll areas measured at once): one long task on a phone.
 */
let turn: Promise<void> = Promise.resolve();

function takeTurn(): Promise<() => void> {
  let release!: () => void;
  const mine = new Promise<void>((resolve) => {
    release = () => setTimeout(resolve, 0);
  });
  const ready = turn.then(() => release);
  turn = turn.then(() => mine);
  return ready;
}

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
    // The reveal's turn, given back once the component is on the page (or this one is gone).
    const release = useRef<(() => void) | null>(null);
    useEffect(() => {
      if (component) return;
      let live = true;
      const myTurn = takeTurn();
      Promise.all([preload(), myTurn])
        .then(([c, done]) => {
          if (!live) return done();
          release.current = done;
          // Rendered as a transition (in slices), as the data it shows (reporting-client.ts).
          startTransition(() => setComponent(() => c));
        })
        .catch((err: unknown) => {
          void myTurn.then((done) => done());
          console.error('Could not load a report component:', err);
        });
      return () => {
        live = false;
      };
    }, [component]);
    useEffect(() => {
      if (!component) return;
      release.current?.();
      release.current = null;
    }, [component]);
    useEffect(
      () => () => {
        release.current?.();
        release.current = null;
      },
      [],
    );
    return component ? createElement(component, props) : fallback;
  }
  return Object.assign(Deferred, { preload });
}

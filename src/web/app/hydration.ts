/**
 * Whether React is taking over a server-rendered page (app/start.tsx), or rendering on the server
 * (ssr.tsx). A component whose first render depends on what this browser has already loaded (code,
 * data) renders as the server did while this holds, and catches up afterwards.
 */
let hydrating = false;

export const isHydrating = () => hydrating || typeof window === 'undefined';

export function setHydrating(value: boolean) {
  hydrating = value;
}

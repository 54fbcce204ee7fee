// The browser's side of passkeys (issue 50). @simplewebauthn/browser is loaded only when a passkey is
// made or used (a dynamic import), so no page pays for it before someone presses a passkey button.

/** Whether this browser can make and use passkeys at all (no library needed to ask). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Asks the browser for a new passkey with the server's options (JSON); answers its response (JSON). */
export async function createPasskey(optionsJson: string): Promise<string> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return JSON.stringify(await startRegistration({ optionsJSON: JSON.parse(optionsJson) }));
}

/** Asks the browser to sign the server's challenge with a passkey; answers its response (JSON). */
export async function getPasskey(optionsJson: string): Promise<string> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return JSON.stringify(await startAuthentication({ optionsJSON: JSON.parse(optionsJson) }));
}

/** A person's "cancel" in the browser's passkey dialog: no error to show. */
export function passkeyCancelled(err: unknown): boolean {
  const name = (err as { name?: string } | null)?.name;
  return name === 'NotAllowedError' || name === 'AbortError';
}

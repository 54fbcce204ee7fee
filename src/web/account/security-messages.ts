// The texts of /account/security (issue 50), shared with its Playwright journey.

export const MSG_TOTP_INTRO =
  'Two-factor sign-in asks for a code from an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, Authy…) after your password, so a stolen password alone cannot open your account.';
export const MSG_RECOVERY_SHOWN_ONCE =
  'Keep these codes somewhere safe, apart from your phone. Each works once, instead of a code from the app, if you lose your phone. They are shown only now.';
export const MSG_SIGN_OUT_OTHERS_OFFER =
  'You are still signed in elsewhere. Sign out those sessions, so that they too must sign in with two-factor sign-in?';

export const MSG_SETUP_REQUIRED = {
  admin:
    'Platform admins must use two-factor sign-in. Set up an authenticator app or a passkey below to continue admin work.',
  team: "Your team's owner requires two-factor sign-in. Set up an authenticator app or a passkey below to continue.",
} as const;

export const MSG_PASSKEYS_INTRO =
  'A passkey is a key kept by your phone, computer or a security key, unlocked with your fingerprint, face or PIN. It signs you in without a password ("Sign in with a passkey" on the login page), or after your password instead of a code. It only works on this site\'s address, so a look-alike site cannot use it.';
export const MSG_PASSKEYS_UNSUPPORTED =
  'This browser cannot make passkeys. Use a recent Chrome, Edge, Safari or Firefox to add one.';

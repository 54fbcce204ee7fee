/** A survey's public link (account-and-reporting 2: the short URL /survey/{surveyCode}). */
export const surveyUrl = (code: string, origin = window.location.origin) =>
  `${origin}/survey/${encodeURIComponent(code)}`;

/** The survey link as a QR code PNG, drawn by the server (src/server/fieldwork/survey-routes.ts). */
export const surveyQrUrl = (code: string) => `/survey/${encodeURIComponent(code)}/qr.png`;

/** The message for a link that is unknown, or whose survey has ended. */
export const MSG_SURVEY_NOT_FOUND = 'This survey link is not valid or the survey has ended.';

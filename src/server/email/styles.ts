// The neutral colours and type of every e-mail; the brand's own colours come from EmailBrand.

/** System fonts: web fonts load in few mail clients, and a fallback that jumps is worse than none. */
export const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
/** Body text on white (15.4:1). */
export const INK = '#212529';
/** Secondary text on white and on the page background (7.5:1 and 6.7:1). */
export const INK_MUTED = '#495057';
export const PAGE_BACKGROUND = '#f1f3f5';
export const BORDER = '#dee2e6';
/** Boxes inside the card (survey links, the reviewer's note). */
export const PANEL = '#f8f9fa';

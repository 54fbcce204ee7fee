/**
 * Keeps Chromium's own omnibox popup out of a headless run. Debian's Chromium runs the full browser
 * headless, and every new tab loads the popup's WebUI (some 400 modules) in a renderer of its own: 3 to
 * 7 s of CPU on this 2-core machine, taken from the page under test and the server while the page
 * loads. It is the browser's window, not a page of ours; the page benchmark (summary-page.ts) leaves it
 * out.
 */
export const WITHOUT_OMNIBOX_WEBUI =
  '--disable-features=PreloadTopChromeWebUI,WebUIOmniboxPopup,WebUIOmniboxAimPopup';

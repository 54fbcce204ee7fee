/**
 * Mantine's whole stylesheets, in `@layer mantine` as the first pages' are (first-page-styles.ts):
 * every route module that is not a first page imports this module, so the stylesheet loads with the
 * first such route (Vite loads a lazy chunk's CSS before running it) and is cached from then on. The
 * first pages (the entry, Get Started, Login) never import it; first-page-styles.test.ts checks both.
 * Core comes first, then the other packages, as Mantine asks. The notifications' stylesheet comes with
 * their container (notifications-container.ts), on whichever page shows the first toast.
 */
import '@mantine/core/styles.layer.css';
import '@mantine/dates/styles.layer.css';

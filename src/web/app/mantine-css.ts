/**
 * Which of Mantine's per-component stylesheets (@mantine/core/styles/<name>.layer.css) the first pages
 * need, for first-page-styles.ts and its test. Nothing in the app imports this module: it is the list
 * the test holds the stylesheet imports to (first-page-styles.test.ts).
 *
 * The first pages are what a visitor can open before any other route has loaded: the entry and the app
 * it starts (main.tsx, app/start.tsx: the layout shell, the session's PageLoader, the gateway, the
 * not-found page), Get
 * Started (/industry) and Login. They get only their components' stylesheets, in `@layer mantine`;
 * every other route loads Mantine's whole stylesheet with its module (full-styles.ts).
 */

/** The modules, relative to src/web, whose static imports are the first pages. */
export const FIRST_PAGE_ROOTS = [
  'main.tsx',
  'app/start.tsx',
  'order/get-started-page.tsx',
  'account/login-page.tsx',
] as const;

/** What every page needs, whatever it renders: the reset, Mantine's CSS variables and its global rules. */
export const MANTINE_BASE_CSS = ['baseline', 'global', 'default-css-variables'] as const;

/**
 * Each @mantine/core component the first pages import, with the stylesheets it needs: its own and
 * those of the components it is built from (Mantine's "Import styles per component": a Button is an
 * UnstyledButton with a Loader, a Checkbox needs the inline-input and Input styles, a NativeSelect is
 * an Input with the Combobox's chevron, a PasswordInput has an ActionIcon). The test works each list
 * out again from Mantine's own source in node_modules, so an upgrade that changes one fails there.
 * Components without styles of their own are listed with none, so that every import is accounted for.
 */
export const MANTINE_COMPONENT_CSS: Readonly<Record<string, readonly string[]>> = {
  Alert: ['UnstyledButton', 'CloseButton', 'Alert'],
  Anchor: ['Text', 'Anchor'],
  Badge: ['Badge'],
  Box: [],
  Button: ['UnstyledButton', 'Loader', 'Button'],
  Center: ['Center'],
  Checkbox: [
    'UnstyledButton',
    'CloseButton',
    'Input',
    'InlineInput',
    'Checkbox',
    'CheckboxCard',
    'CheckboxIndicator',
  ],
  Container: ['Container'],
  Divider: ['Divider'],
  Grid: ['Grid'],
  Group: ['Group'],
  Image: ['Image'],
  Loader: ['Loader'],
  MantineProvider: [],
  NativeSelect: ['UnstyledButton', 'CloseButton', 'Input', 'Combobox'],
  Paper: ['Paper'],
  PasswordInput: ['UnstyledButton', 'Loader', 'ActionIcon', 'CloseButton', 'Input', 'PasswordInput'],
  SimpleGrid: ['SimpleGrid'],
  Skeleton: ['Skeleton'],
  Stack: ['Stack'],
  Text: ['Text'],
  TextInput: ['UnstyledButton', 'CloseButton', 'Input'],
  Title: ['Title'],
  Transition: [],
  UnstyledButton: ['UnstyledButton'],
};

/**
 * The toast of @mantine/notifications is core's Notification. The container (notifications-container.ts,
 * loaded with the first toast) brings Notification's own stylesheet; the ones it is built from are the
 * first pages' already. Nothing is built on a Notification, so its rules may come after the whole
 * stylesheet's without overriding another component's.
 */
export const NOTIFICATION_CSS = ['UnstyledButton', 'CloseButton', 'Loader', 'Notification'] as const;

// Imported lazily by main.tsx, so the toast container is not part of the first page's JavaScript.
export { Notifications } from '@mantine/notifications';

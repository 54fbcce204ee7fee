// Imported lazily by main.tsx, so the toast container is not part of the first page's JavaScript, nor
// its styles of the first page's CSS: a toast is core's Notification (the components it is built from
// are the first pages' already; mantine-css.ts) in the container of @mantine/notifications.
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';

export { Notifications } from '@mantine/notifications';

import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';
import classes from './notifications-host.module.css';

/**
 * The notices' container (bottom right, 4 s, at most 5). Loaded after hydration (see root.tsx):
 * it is never part of the first paint, and notices raised earlier wait in Mantine's store.
 */
export default function NotificationsHost() {
  return (
    <Notifications
      position="bottom-right"
      autoClose={4000}
      limit={5}
      containerWidth={440}
      notificationMaxHeight={200}
      classNames={{ notification: classes.notice }}
    />
  );
}

import '@mantine/notifications/styles.layer.css';
import { MantineThemeProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import classes from './notifications-host.module.css';

/**
 * Every notice's close button is named for screen readers (Mantine's is an unnamed icon button),
 * here rather than at each `notifications.show`: this chunk is loaded only once a notice is raised,
 * so the name costs the home page's script budget nothing.
 */
const noticeTheme = {
  components: {
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
  },
};

/**
 * The notices' container (bottom right, 4 s, at most 5). Loaded after hydration (see root.tsx):
 * it is never part of the first paint, and notices raised earlier wait in Mantine's store.
 */
export default function NotificationsHost() {
  return (
    <MantineThemeProvider theme={noticeTheme}>
      <Notifications
        position="bottom-right"
        autoClose={4000}
        limit={5}
        containerWidth={440}
        notificationMaxHeight={200}
        classNames={{ notification: classes.notice }}
      />
    </MantineThemeProvider>
  );
}

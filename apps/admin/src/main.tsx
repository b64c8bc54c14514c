import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import 'mantine-datatable/styles.layer.css';
import './admin.css';
import { Badge, MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { theme } from '@shop/ui/theme';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { LoadFailed } from './layout/load-failed.tsx';
import { PageLoader } from './layout/page-loader.tsx';
import { router } from './router.tsx';
import { SessionProvider } from './session.tsx';

/**
 * The shop's theme, and one rule of the back office's own: a status badge is never cut short. In a
 * narrow table a badge shrank with its column to "PEN…"; at its full width the table scrolls
 * sideways instead.
 */
const adminTheme = mergeThemeOverrides(theme, {
  components: { Badge: Badge.extend({ styles: { root: { minWidth: 'max-content' } } }) },
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={adminTheme} defaultColorScheme="light">
      <Notifications position="top-right" />
      <SessionProvider loading={<PageLoader />} failed={(retry) => <LoadFailed retry={retry} />}>
        <RouterProvider router={router} />
      </SessionProvider>
    </MantineProvider>
  </StrictMode>,
);

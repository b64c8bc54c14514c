import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import 'mantine-datatable/styles.layer.css';
import './admin.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { adminCssVariables, adminTheme } from './admin-theme.ts';
import { LoadFailed } from './layout/load-failed.tsx';
import { PageLoader } from './layout/page-loader.tsx';
import { router } from './router.tsx';
import { SessionProvider } from './session.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={adminTheme} cssVariablesResolver={adminCssVariables} defaultColorScheme="light">
      <Notifications position="top-right" />
      <SessionProvider loading={<PageLoader />} failed={(retry) => <LoadFailed retry={retry} />}>
        <RouterProvider router={router} />
      </SessionProvider>
    </MantineProvider>
  </StrictMode>,
);

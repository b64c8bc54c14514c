import {
  IconAdjustments,
  IconCreditCard,
  IconDeviceDesktop,
  IconFileText,
  IconHistory,
  IconHome,
  IconLayoutDashboard,
  IconMail,
  IconTicket,
  IconUsersGroup,
} from '@tabler/icons-react';
import { lazy } from 'react';
import type { AdminScreen } from './screen-types.ts';

/**
 * Every screen of the back office, in navigation order. Adding a screen is one entry here and
 * one file under `screens/<domain>/` (its default export is the screen).
 */
export const screens: AdminScreen[] = [
  {
    path: '',
    label: 'Home',
    icon: IconHome,
    permission: null,
    component: lazy(() => import('./screens/home/home-page.tsx')),
  },
  {
    path: 'pages',
    label: 'Pages',
    icon: IconFileText,
    permission: 'content',
    group: 'Content',
    component: lazy(() => import('./screens/content/pages-page.tsx')),
  },
  {
    path: 'site-content',
    label: 'Site content',
    icon: IconLayoutDashboard,
    permission: 'content',
    group: 'Content',
    component: lazy(() => import('./screens/content/site-content-page.tsx')),
  },
  {
    path: 'messages',
    label: 'Messages',
    icon: IconMail,
    permission: 'content',
    group: 'Content',
    component: lazy(() => import('./screens/content/messages-page.tsx')),
  },
  {
    path: 'coupons',
    label: 'Coupons',
    icon: IconTicket,
    permission: 'coupons',
    group: 'Sales',
    component: lazy(() => import('./screens/coupons/coupons-page.tsx')),
  },
  {
    path: 'settings',
    label: 'Settings',
    icon: IconAdjustments,
    permission: 'settings',
    group: 'Administration',
    component: lazy(() => import('./screens/settings/settings-page.tsx')),
  },
  {
    path: 'payment-gateways',
    label: 'Payment gateways',
    icon: IconCreditCard,
    permission: 'gateways',
    group: 'Administration',
    component: lazy(() => import('./screens/gateways/gateways-page.tsx')),
  },
  {
    path: 'staff',
    label: 'Staff',
    icon: IconUsersGroup,
    permission: 'staff',
    group: 'Administration',
    component: lazy(() => import('./screens/staff/staff-page.tsx')),
  },
  {
    path: 'sessions',
    label: 'Sessions',
    icon: IconDeviceDesktop,
    permission: null,
    group: 'Administration',
    component: lazy(() => import('./screens/staff/sessions-page.tsx')),
  },
  {
    path: 'audit',
    label: 'Audit log',
    icon: IconHistory,
    permission: 'audit',
    group: 'Administration',
    component: lazy(() => import('./screens/audit/audit-page.tsx')),
  },
];

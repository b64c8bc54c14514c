import { IconDeviceDesktop, IconHistory, IconHome, IconUser, IconUsersGroup } from '@tabler/icons-react';
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
    path: 'customers',
    label: 'Customers',
    icon: IconUser,
    permission: 'customers',
    component: lazy(() => import('./screens/customers/customers-page.tsx')),
  },
  {
    path: 'customers/:id',
    label: 'Customer',
    icon: IconUser,
    permission: 'customers',
    nav: false,
    component: lazy(() => import('./screens/customers/customer-page.tsx')),
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

import type { IconProps } from '@tabler/icons-react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { StaffPermission } from '@shop/contract/admin/staff';

/**
 * One screen of the back office. The list below is the one place a screen is added: it gives the
 * route, the navigation entry and the permission the server also checks (the app hides what a
 * role may not use; the server refuses it).
 */
export interface AdminScreen {
  /** Under `/admin/`, without a leading slash; `''` is the home screen. May end in `/*`. */
  path: string;
  /** The navigation label and the page's title. */
  label: string;
  icon: ComponentType<IconProps>;
  /** Needed to see and open the screen; null: every signed-in staff member. */
  permission: StaffPermission | null;
  /** Loaded on first visit: each screen is its own chunk. */
  component: LazyExoticComponent<ComponentType>;
  /** Navigation group heading; screens without one come first. */
  group?: string;
  /** False for screens reached from another screen (an edit page), not from the navigation. */
  nav?: boolean;
}

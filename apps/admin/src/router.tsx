import { ROLES_REQUIRING_TOTP } from '@shop/contract/admin/staff';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, useLocation } from 'react-router';
import { AdminLayout } from './layout/admin-layout.tsx';
import { ForbiddenPage, NotFoundPage } from './layout/status-pages.tsx';
import { PageLoader } from './layout/page-loader.tsx';
import { RouteError } from './layout/route-error.tsx';
import type { AdminScreen } from './screen-types.ts';
import { screens } from './screens.tsx';
import { useSession } from './session.tsx';

// Outside the frame and rarely needed once signed in: loaded on their own, like the screens.
const SignInPage = lazy(() => import('./screens/session/sign-in-page.tsx'));
const EnrolTotpPage = lazy(() => import('./screens/session/enrol-totp-page.tsx'));

/** A screen behind its permission: a staff member without it sees the 403 page, not the screen. */
function Guarded({ screen }: { screen: AdminScreen }) {
  const { can } = useSession();
  if (!can(screen.permission)) return <ForbiddenPage />;
  const Screen = screen.component;
  return (
    <Suspense fallback={<PageLoader />}>
      <Screen />
    </Suspense>
  );
}

/**
 * Everything but the sign-in page needs a session; without one, sign in and come back here. An
 * owner without a second factor sets it up first (the server refuses everything else until then).
 */
function RequireSession() {
  const { staff } = useSession();
  const location = useLocation();
  if (!staff) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={next === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }
  if (!staff.totp_enabled && ROLES_REQUIRING_TOTP.includes(staff.role))
    return (
      <Suspense fallback={<PageLoader />}>
        <EnrolTotpPage />
      </Suspense>
    );
  return <AdminLayout />;
}

export const router = createBrowserRouter(
  [
    {
      path: '/sign-in',
      element: (
        <Suspense fallback={<PageLoader />}>
          <SignInPage />
        </Suspense>
      ),
      errorElement: <RouteError />,
    },
    {
      path: '/',
      element: <RequireSession />,
      errorElement: <RouteError />,
      children: [
        ...screens.map((screen) =>
          screen.path === ''
            ? { index: true, element: <Guarded screen={screen} /> }
            : { path: screen.path, element: <Guarded screen={screen} /> },
        ),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ],
  { basename: '/admin' },
);

import './mantine-styles.css';
import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import { GeneralErrorBoundary } from './components/general-error-boundary.tsx';
import { loadRootData } from './layout/load-root-data.server.ts';
import type { RootData, StorefrontLoaderArgs } from './lib/root-data.ts';
import { ShopLayout } from './layout/shop-layout.tsx';
import { useNonce } from './lib/csp-nonce.tsx';
import { dropCheckoutOnOtherTabsLogout } from './lib/session-store.ts';
import { earlyInputScript, replayEarlyInput } from './lib/early-input.ts';
import { pageMeta } from './features/seo/page-meta.ts';
import { theme } from '@shop/ui/theme';
import { themeCssVariables } from './lib/theme-css-variables.ts';

// The notices' container (with Mantine's Portal and Transition) is not needed for the first paint,
// nor at all until something raises a notice: it is loaded then (notices wait in Mantine's store).
const NotificationsHost = lazy(() => import('./layout/notifications-host.tsx'));

/** Mounts the notices' container once the first notice is raised, and keeps it. */
function LazyNotifications() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  const raised = notifications.length > 0 || queue.length > 0;
  useEffect(() => {
    if (raised) setNeeded(true);
  }, [raised]);
  return needed ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
}

/** The shared layout's data (settings, contents, assets, menus, categories, banners, files). */
export async function loader({ context }: StorefrontLoaderArgs) {
  return loadRootData(context);
}

/** Default tags for pages without their own `meta` (and error pages): shop name, canonical, Organization. */
export function meta({
  data,
  location,
  error,
}: {
  data?: RootData;
  location: { pathname: string };
  error?: unknown;
}) {
  const tags = pageMeta({
    settings: data?.settings ?? {},
    module: 'site',
    title: error
      ? isRouteErrorResponse(error) && error.status === 404
        ? 'Page not found'
        : 'Error'
      : undefined,
    publicUrl: data?.publicUrl ?? '',
    path: location.pathname,
  });
  return error ? [...tags, { name: 'robots', content: 'noindex' }] : tags;
}

export function links() {
  return [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];
}

/** The layout data changes rarely; only reload it after a form submission. */
export function shouldRevalidate({ formMethod }: { formMethod?: string }) {
  return Boolean(formMethod && formMethod !== 'GET');
}

export function Layout({ children }: { children: ReactNode }) {
  // Every inline script carries the response's nonce (the page's content security policy allows no other).
  const nonce = useNonce() || undefined;
  return (
    <html lang="en-IN" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ColorSchemeScript defaultColorScheme="light" nonce={nonce} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: earlyInputScript }} />
        <Meta />
        <Links />
      </head>
      <body>
        {/* The theme's CSS variables are computed once per process (lib/theme-css-variables.ts). */}
        <MantineProvider theme={theme} defaultColorScheme="light" withCssVariables={false}>
          <style data-mantine-styles="true" dangerouslySetInnerHTML={{ __html: themeCssVariables }} />
          <LazyNotifications />
          {children}
        </MantineProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * Marks <html data-hydrated="true"> once React has taken over (tests wait for it), then replays
 * what the shopper typed and clicked before that (lib/early-input.ts).
 */
function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    replayEarlyInput();
  }, []);
}

export default function App() {
  useHydratedMarker();
  // A logout in another tab also drops this tab's checkout under way (lib/session-store.ts).
  useEffect(() => dropCheckoutOnOtherTabsLogout(), []);
  return (
    <ShopLayout>
      <Outlet />
    </ShopLayout>
  );
}

export function ErrorBoundary() {
  useHydratedMarker();
  return (
    <ShopLayout>
      <GeneralErrorBoundary />
    </ShopLayout>
  );
}

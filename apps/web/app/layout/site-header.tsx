import { useDisclosure, useWindowScroll } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { IconButton } from '../components/ui/button.tsx';
import { AccountMenu } from '../features/account/account-menu.tsx';
import { SearchBox } from '../features/catalogue/search-box.tsx';
import { CartButton } from './cart-button.tsx';
import { HeaderNav } from './header-nav.tsx';
import classes from './layout.module.css';
import type { TreeNode } from '../lib/menu-tree.ts';
import type { MenuItem } from '../lib/root-data.ts';
import { useFocusReturn } from '../lib/focus-return.ts';
import { ShopLogo } from './shop-logo.tsx';
import { Container } from '../components/ui/container.tsx';

// The drawer and the search modal load on first use (kept out of the first page's JavaScript).
const MobileNav = lazy(() => import('./mobile-nav.tsx'));
const MobileSearch = lazy(() => import('../features/catalogue/mobile-search.tsx'));

/** Scrolled further than this, the header sticks to the top (product rules §9). */
export const STICKY_THRESHOLD_PX = 10;

interface Props {
  menu: TreeNode<MenuItem>[];
  logo?: string;
  shopName: string;
}

/** Logo, search, cart and account; the menu bar below; burger and search modal on mobile. */
export function SiteHeader({ menu, logo, shopName }: Props) {
  const [scroll] = useWindowScroll();
  const sticky = scroll.y > STICKY_THRESHOLD_PX;
  const [menuOpened, mobileMenu] = useDisclosure(false);
  const [searchOpened, mobileSearch] = useDisclosure(false);
  const rememberMenuOpener = useFocusReturn(menuOpened);
  const rememberSearchOpener = useFocusReturn(searchOpened);
  const location = useLocation();
  // Mount the lazy parts once they were first opened, and keep them for the closing transition.
  const [menuUsed, setMenuUsed] = useState(false);
  const [searchUsed, setSearchUsed] = useState(false);
  useEffect(() => {
    if (menuOpened) setMenuUsed(true);
    if (searchOpened) setSearchUsed(true);
  }, [menuOpened, searchOpened]);

  // Navigating closes the mobile menu and search, also to the page already shown (e.g. Logout
  // from the drawer goes to '/' while on '/'): every navigation has a new location key.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    mobileMenu.close();
    mobileSearch.close();
  }, [location.key]);

  return (
    <header className={classes.header} data-sticky={sticky} data-testid="site-header">
      <Container className={classes.headerMain}>
        <button
          type="button"
          onClick={() => {
            rememberMenuOpener();
            mobileMenu.toggle();
          }}
          className={classes.burger}
          aria-label="Open menu"
          aria-expanded={menuOpened}
        >
          <span />
          <span />
          <span />
        </button>
        <ShopLogo src={logo} name={shopName} />
        <div className={classes.headerSearch}>
          <SearchBox />
        </div>
        <div className={classes.headerActions}>
          <IconButton
            className={classes.mobileSearchButton}
            variant="light"
            color="saffron"
            size={42}
            round
            aria-label="Open search"
            onClick={() => {
              rememberSearchOpener();
              mobileSearch.open();
            }}
          >
            <IconSearch size={20} color="var(--mantine-color-maroon-9)" aria-hidden />
          </IconButton>
          {/* On phones the account entry moves into the menu drawer (no room in the bar). */}
          <div className={classes.headerAccount}>
            <AccountMenu />
          </div>
          <CartButton />
        </div>
      </Container>
      <div className={classes.navBar}>
        <Container>
          <HeaderNav items={menu} />
        </Container>
      </div>
      <Suspense fallback={null}>
        {(menuUsed || menuOpened) && (
          <MobileNav opened={menuOpened} onClose={mobileMenu.close} items={menu} />
        )}
        {(searchUsed || searchOpened) && <MobileSearch opened={searchOpened} onClose={mobileSearch.close} />}
      </Suspense>
    </header>
  );
}

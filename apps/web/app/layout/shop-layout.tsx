import { type ReactNode, useRef } from 'react';
import { ProductModalProvider } from '../features/catalogue/product-modal.tsx';
import { shopName as shopNameOf } from '../features/seo/page-meta.ts';
import classes from './layout.module.css';
import { buildTree } from '../lib/menu-tree.ts';
import { useFocusContentOnNavigation } from '../lib/route-focus.ts';
import { useRootData } from '../lib/root-data.ts';
import { shopTexts } from '../lib/shop-texts.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { TopBar } from './top-bar.tsx';

/** The shared layout of every page: top bar, sticky header, content, footer (with the chat button). */
export function ShopLayout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const texts = shopTexts(data);
  const name = shopNameOf(data.settings);
  const menu = buildTree(data.headerMenus);
  const content = useRef<HTMLElement>(null);
  useFocusContentOnNavigation(content);
  return (
    <ProductModalProvider>
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <TopBar texts={texts} />
      <SiteHeader menu={menu} logo={data.assets['company-logo-main']} shopName={name} />
      {/* Focusable from script only: the skip link, and a navigation that took the focus away,
          move the focus (not only the view) here, so the next Tab and a screen reader's reading
          go on from the content. */}
      <main id="main" ref={content} className={classes.main} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter data={data} texts={texts} shopName={name} />
    </ProductModalProvider>
  );
}

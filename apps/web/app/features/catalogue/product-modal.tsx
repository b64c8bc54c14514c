import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useState,
} from 'react';
import { useLocation } from 'react-router';
import { useFocusReturn } from '../../lib/focus-return.ts';
import type { Product } from './product.ts';

// The dialog (Mantine Modal and the product details) loads on first use: it is never needed for
// the first paint, and keeping it out of the initial bundle keeps the home page light.
const ProductModalDialog = lazy(() => import('./product-modal-dialog.tsx'));

const OpenProductContext = createContext<(product: Product) => void>(() => undefined);

/** Opens the product modal (size 1000, padding 30, 200 ms transition) from anywhere in the shop. */
export function useOpenProduct() {
  return useContext(OpenProductContext);
}

export function ProductModalProvider({ children }: { children: ReactNode }) {
  const [product, setProduct] = useState<Product | null>(null);
  const [opened, setOpened] = useState(false);
  const rememberOpener = useFocusReturn(opened);
  const open = useCallback(
    (p: Product) => {
      rememberOpener();
      setProduct(p);
      setOpened(true);
    },
    [rememberOpener],
  );
  const close = useCallback(() => setOpened(false), []);
  // Any navigation from inside the modal ('View Cart', 'See full product details', a link in the
  // description) closes it: the next page must not open under a dialog that locks its scrolling.
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location's key is the trigger.
  useEffect(() => setOpened(false), [key]);
  return (
    <OpenProductContext.Provider value={open}>
      {children}
      {product && (
        <Suspense fallback={null}>
          <ProductModalDialog product={product} opened={opened} onClose={close} />
        </Suspense>
      )}
    </OpenProductContext.Provider>
  );
}

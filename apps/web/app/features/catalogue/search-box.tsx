import { useClickOutside, useDebouncedValue } from '@mantine/hooks';
import { formatInr } from '@shop/contract/money';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { IconButton } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { notifyError } from '../../lib/notify.ts';
import { type Product, productThumbUrl } from './product.ts';
import { useOpenProduct } from './product-modal.tsx';
import classes from './search-box.module.css';
import { searchProducts } from './search-products.ts';

export const SEARCH_DEBOUNCE_MS = 250;
/** Above this many results the list scrolls at 250 px (product rules §9). */
const SCROLL_ABOVE = 4;

interface Props {
  /** Rendered inside the mobile search modal: the right icon is always a cross. */
  inModal?: boolean;
  /** Called when the search is done (result chosen, Enter pressed, modal cross on empty text). */
  onDone?: () => void;
}

type SearchState = { status: 'idle' } | { status: 'loading' } | { status: 'done'; results: Product[] };

/**
 * The header search (product rules §2, §4): a non-empty keyword, debounced 250 ms, searches and opens the
 * dropdown; a cross clears text and results; a click outside closes; choosing a result opens the
 * product modal; Enter goes to the /search page.
 */
export function SearchBox({ inModal = false, onDone }: Props) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const [open, setOpen] = useState(false);
  const ref = useClickOutside(() => setOpen(false));
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const openProduct = useOpenProduct();

  useEffect(() => {
    if (!debounced) {
      setState({ status: 'idle' });
      return;
    }
    let current = true;
    setState({ status: 'loading' });
    setOpen(true);
    searchProducts(debounced).then(
      (results) => {
        if (current) setState({ status: 'done', results });
      },
      (error: unknown) => {
        if (!current) return;
        setState({ status: 'done', results: [] });
        notifyError(error);
      },
    );
    return () => {
      current = false;
    };
  }, [debounced]);

  const clear = () => {
    if (!text && inModal) onDone?.();
    setText('');
    setState({ status: 'idle' });
    setOpen(false);
  };
  const choose = (product: Product) => {
    // The result's button goes with the dropdown: the search field is where the focus comes back
    // to when the product modal closes.
    inputRef.current?.focus({ preventScroll: true });
    setOpen(false);
    onDone?.();
    openProduct(product);
  };
  const submit = () => {
    const q = text.trim();
    if (!q) return;
    setOpen(false);
    onDone?.();
    navigate(`/search?q=${encodeURIComponent(q)}`);
  };

  const showCross = text.length > 0 || inModal;
  // While the shopper is still typing, the last results belong to an older keyword: never show
  // (or let anyone pick from) those; show the loader until the new keyword's answer arrives.
  const searching = state.status === 'loading' || text.trim() !== debounced;
  const results = state.status === 'done' ? state.results : [];
  const dropdownVisible = open && state.status !== 'idle' && text.trim().length > 0;

  return (
    <div ref={ref} className={classes.root}>
      {/* biome-ignore lint/a11y/useSemanticElements: a form with role search is the widely supported landmark */}
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextInput
          ref={inputRef}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            if (!e.currentTarget.value.trim()) setOpen(false);
          }}
          onFocus={() => state.status !== 'idle' && setOpen(true)}
          onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
          placeholder="Search sweets, snacks, locks…"
          aria-label="Search products"
          autoComplete="off"
          data-autofocus={inModal || undefined}
          round
          size={inModal ? 'md' : 'sm'}
          inputClassName={classes.input}
          rightSection={
            showCross ? (
              <IconButton round aria-label="Clear search" onClick={clear}>
                <IconX size={18} aria-hidden />
              </IconButton>
            ) : (
              <IconButton round aria-label="Search" type="submit">
                <IconSearch size={18} aria-hidden />
              </IconButton>
            )
          }
        />
      </form>
      {dropdownVisible && (
        <div className={inModal ? classes.dropdownInline : classes.dropdown} data-testid="search-dropdown">
          {searching ? (
            <div className={classes.loading}>
              <Spinner label="Searching" />
            </div>
          ) : results.length === 0 ? (
            <p className={classes.empty}>No product found</p>
          ) : (
            <ul
              className={classes.list}
              style={results.length > SCROLL_ABOVE ? { height: 250, overflowY: 'auto' } : undefined}
              data-scrollable={results.length > SCROLL_ABOVE || undefined}
            >
              {results.map((p) => {
                const image = productThumbUrl(p);
                return (
                  <li key={p.id}>
                    <button type="button" className={classes.result} onClick={() => choose(p)}>
                      {image ? (
                        <img
                          src={image}
                          alt=""
                          width={44}
                          height={44}
                          loading="lazy"
                          className={classes.thumb}
                        />
                      ) : (
                        <span className={classes.thumb} />
                      )}
                      <span className={classes.resultName}>{p.name}</span>
                      <span className={classes.resultPrice}>{formatInr(Number(p.selling_price))}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

import { useClickOutside, useDebouncedValue } from '@mantine/hooks';
import { formatInr } from '@shop/contract/money';
import { IconSearch, IconX } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
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
 *
 * Keyboard: the results stay buttons (Tab reaches them), and the arrow keys walk them too: Down
 * from the field goes to the first result, Up from the first goes back to the field, Home and End
 * jump to the ends, and Escape anywhere in the dropdown closes it with the focus in the field.
 */
export function SearchBox({ inModal = false, onDone }: Props) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const [open, setOpen] = useState(false);
  const ref = useClickOutside<HTMLDivElement>(() => setOpen(false));
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
  /** Arrow keys between the field and the result buttons; Escape closes and returns to the field. */
  const onListKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const buttons = Array.from(
      ref.current?.querySelectorAll<HTMLButtonElement>('[data-search-result]') ?? [],
    );
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const focusAt = (i: number) => {
      e.preventDefault();
      if (i < 0) inputRef.current?.focus();
      else buttons[Math.min(i, buttons.length - 1)]?.focus();
    };
    if (e.key === 'Escape') {
      e.preventDefault();
      // Focus first: the field's focus handler reopens the dropdown, and the later state wins.
      inputRef.current?.focus();
      setOpen(false);
    } else if (e.key === 'ArrowDown' && buttons.length > 0) focusAt(at + 1);
    else if (e.key === 'ArrowUp' && at >= 0) focusAt(at - 1);
    else if (e.key === 'Home' && at >= 0) focusAt(0);
    else if (e.key === 'End' && at >= 0) focusAt(buttons.length - 1);
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
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(false);
            else if (e.key === 'ArrowDown' && dropdownVisible && !searching) onListKeyDown(e);
          }}
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
        // biome-ignore lint/a11y/noStaticElementInteractions: the keys are the result buttons' own, caught where they bubble to
        <div
          className={inModal ? classes.dropdownInline : classes.dropdown}
          data-testid="search-dropdown"
          onKeyDown={onListKeyDown}
        >
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
                    <button
                      type="button"
                      className={classes.result}
                      data-search-result
                      onClick={() => choose(p)}
                    >
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

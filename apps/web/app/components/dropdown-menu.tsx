import {
  type ComponentPropsWithoutRef,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import classes from './dropdown-menu.module.css';

/**
 * A small accessible dropdown menu (button + role="menu"), used instead of Mantine's Menu so that
 * Menu, Popover and floating-ui stay out of every page's first JavaScript. The dropdown sits below
 * its button (absolute, no portal); it is only rendered while open, as Mantine's was.
 * Keyboard: Enter/Space/ArrowDown open and focus the first item, arrows/Home/End move, Escape and
 * Tab close; clicking an item or outside closes.
 */
interface Props {
  /** 'hover' opens after `openDelay` and closes `closeDelay` after the pointer left (a click toggles too). */
  trigger?: 'hover' | 'click';
  openDelay?: number;
  closeDelay?: number;
  /** Dropdown width in px. */
  width: number;
  /** Which edge of the button the dropdown lines up with. */
  align?: 'start' | 'end';
  /** The button's content and its attributes (class, aria-label, test id). */
  label: ReactNode;
  buttonProps?: Omit<ComponentPropsWithoutRef<'button'>, 'onClick' | 'onKeyDown' | 'type'> & {
    'data-testid'?: string;
  };
  /** Menu content: `DropdownMenuItem`s, labels and dividers. */
  children: ReactNode;
}

const ITEM_SELECTOR = '[role="menuitem"]:not([aria-disabled="true"])';

function itemsOf(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? []);
}

export function DropdownMenu({
  trigger = 'click',
  openDelay = 0,
  closeDelay = 0,
  width,
  align = 'start',
  label,
  buttonProps,
  children,
}: Props) {
  const [opened, setOpened] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Which item gets focus once the menu has rendered (keyboard opening only).
  const focusOnOpen = useRef<'first' | 'last' | null>(null);
  const menuId = useId();

  const clearTimer = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  }, []);
  useEffect(() => clearTimer, [clearTimer]);

  const close = useCallback(
    (returnFocus = false) => {
      clearTimer();
      setOpened(false);
      if (returnFocus) buttonRef.current?.focus();
    },
    [clearTimer],
  );

  // Focus the first/last item after a keyboard opening.
  useEffect(() => {
    if (!opened || !focusOnOpen.current) return;
    const list = itemsOf(menuRef.current);
    (focusOnOpen.current === 'first' ? list[0] : list[list.length - 1])?.focus();
    focusOnOpen.current = null;
  }, [opened]);

  // A press outside closes the menu.
  useEffect(() => {
    if (!opened) return;
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) close();
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [opened, close]);

  function schedule(next: boolean) {
    clearTimer();
    const delay = next ? openDelay : closeDelay;
    if (delay <= 0) setOpened(next);
    else timer.current = setTimeout(() => setOpened(next), delay);
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusOnOpen.current = event.key === 'ArrowDown' ? 'first' : 'last';
      clearTimer();
      if (opened) {
        const list = itemsOf(menuRef.current);
        (event.key === 'ArrowDown' ? list[0] : list[list.length - 1])?.focus();
        focusOnOpen.current = null;
      } else setOpened(true);
    } else if (event.key === 'Escape' && opened) {
      event.preventDefault();
      close();
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const list = itemsOf(menuRef.current);
    const index = list.indexOf(document.activeElement as HTMLElement);
    let next: HTMLElement | undefined;
    if (event.key === 'ArrowDown') next = list[(index + 1) % list.length];
    else if (event.key === 'ArrowUp') next = list[(index - 1 + list.length) % list.length];
    else if (event.key === 'Home') next = list[0];
    else if (event.key === 'End') next = list[list.length - 1];
    else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
      return;
    } else if (event.key === 'Tab') {
      close();
      return;
    }
    if (next) {
      event.preventDefault();
      next.focus();
    }
  }

  const hover = trigger === 'hover';
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pointer hover only; the button carries the keyboard interaction
    <div
      ref={rootRef}
      className={classes.root}
      onMouseEnter={hover ? () => schedule(true) : undefined}
      onMouseLeave={hover ? () => schedule(false) : undefined}
      onBlur={(event) => {
        // Focus moving out of button and menu closes it.
        if (opened && !rootRef.current?.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <button
        {...buttonProps}
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={opened}
        aria-controls={opened ? menuId : undefined}
        onClick={(event) => {
          clearTimer();
          // A keyboard "click" (Enter/Space) also moves focus into the menu.
          if (!opened && event.detail === 0) focusOnOpen.current = 'first';
          setOpened(!opened);
        }}
        onKeyDown={onButtonKeyDown}
      >
        {label}
      </button>
      {opened && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          tabIndex={-1}
          className={classes.dropdown}
          data-align={align}
          style={{ width }}
          onKeyDown={onMenuKeyDown}
          onClick={(event) => {
            // Choosing an item closes the menu (as Mantine's closeOnItemClick).
            if ((event.target as Element).closest('[role="menuitem"]')) close();
          }}
        >
          {children}
        </div>
      )}
    </div>
  );
}

/** A dropdown entry: pass a link (or button) element's class via `className={menuItemClass}`. */
export const menuItemClass = classes.item;
export const menuLabelClass = classes.label;
export const dropdownClasses = {
  accountButton: classes.accountButton,
  truncate: classes.truncate,
  email: classes.email,
};

export function DropdownMenuDivider() {
  return <hr className={classes.divider} />;
}

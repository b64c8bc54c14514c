import type { ButtonHTMLAttributes, CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './button.module.css';
import { Spinner } from './spinner.tsx';

/**
 * The storefront's own Button and IconButton, for the parts on every page's first paint (header,
 * search, product tiles, home). They look like Mantine's (same colour variables, radius and
 * sizes) but are a class name and a few CSS variables: Mantine's Button, ActionIcon, Transition
 * and Loader were about 11 KB of gzip on the home page (product rules §11: home JS ≤ 150 KB gzip).
 * Forms behind a click (checkout, account) keep Mantine's.
 */
export type ButtonColor = 'maroon' | 'saffron' | 'gray' | 'red';

interface Look {
  variant?: 'filled' | 'light' | 'subtle' | 'white';
  color?: ButtonColor;
  size?: 'sm' | 'default' | 'md' | 'compact';
  /** Fully rounded ends (a pill, or a circle for IconButton). */
  round?: boolean;
  fullWidth?: boolean;
  className?: string;
}

type Common = Look & {
  children?: ReactNode;
  leftSection?: ReactNode;
  /** Class of the left section's wrapper (e.g. hidden on narrow phones). */
  sectionClassName?: string;
};

type AsButton = Common &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color' | 'className'> & { loading?: boolean };
type AsLink = Common & { to: string; 'aria-label'?: string };
type AsAnchor = Common & { href: string; target?: string; rel?: string; 'aria-label'?: string };

function lookProps(
  { variant = 'filled', color = 'maroon', size = 'default', round, fullWidth, className }: Look,
  extra = '',
) {
  return {
    className: [
      classes.button,
      classes[variant],
      // A class per colour: a style attribute of five variables was ~390 bytes on every button,
      // 39 KB of a category page's 100 product tiles.
      classes[color],
      size !== 'default' && classes[size],
      round && classes.round,
      extra,
      className,
    ]
      .filter(Boolean)
      .join(' '),
    'data-full-width': fullWidth || undefined,
  };
}

function Content({ leftSection, sectionClassName, children }: Common) {
  return (
    <>
      {leftSection && (
        <span className={sectionClassName ? `${classes.section} ${sectionClassName}` : classes.section}>
          {leftSection}
        </span>
      )}
      {children}
    </>
  );
}

/** A button, or a router link (`to`) or plain link (`href`) that looks like one. */
export function Button(props: AsButton | AsLink | AsAnchor) {
  const {
    variant,
    color,
    size,
    round,
    fullWidth,
    className,
    leftSection,
    sectionClassName,
    children,
    ...rest
  } = props;
  const look = lookProps({ variant, color, size, round, fullWidth, className });
  const content = (
    <Content leftSection={leftSection} sectionClassName={sectionClassName}>
      {children}
    </Content>
  );
  if ('to' in rest)
    return (
      <Link {...rest} {...look}>
        {content}
      </Link>
    );
  if ('href' in rest)
    return (
      <a {...rest} {...look}>
        {content}
      </a>
    );
  const { loading, type = 'button', disabled, ...buttonProps } = rest as Omit<AsButton, keyof Common>;
  return (
    <button
      type={type}
      {...buttonProps}
      {...look}
      disabled={disabled}
      data-loading={loading || undefined}
      aria-busy={loading || undefined}
      onClick={loading ? undefined : buttonProps.onClick}
    >
      {content}
      {loading && (
        <span className={classes.spinnerOverlay}>
          <Spinner size={18} />
        </span>
      )}
    </button>
  );
}

type IconLook = Omit<Look, 'size' | 'fullWidth'> & {
  /** Width and height in px. */
  size?: number;
  'aria-label': string;
  children: ReactNode;
};

/** A square (or, with `round`, circular) button holding one icon; it must have an aria-label. */
export function IconButton(
  props: IconLook &
    (
      | Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color' | 'className'>
      | { to: string }
      | { href: string; target?: string; rel?: string }
    ),
) {
  const { variant = 'subtle', color = 'gray', size = 28, round, className, children, ...rest } = props;
  const look = {
    ...lookProps({ variant, color, round, className }, classes.icon),
    style: { '--bh': `${size}px` } as CSSProperties,
  };
  if ('to' in rest)
    return (
      <Link {...rest} {...look}>
        {children}
      </Link>
    );
  if ('href' in rest)
    return (
      <a {...rest} {...look}>
        {children}
      </a>
    );
  const { type = 'button', ...buttonProps } = rest as ButtonHTMLAttributes<HTMLButtonElement>;
  return (
    <button type={type} {...buttonProps} {...look}>
      {children}
    </button>
  );
}

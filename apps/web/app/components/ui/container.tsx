import type { ComponentPropsWithoutRef } from 'react';
import classes from './container.module.css';

type Props = ComponentPropsWithoutRef<'div'> & {
  /** Mantine's container widths: xl 1320 px (the default), lg 1140 px, sm 720 px. */
  size?: 'xl' | 'lg' | 'sm';
};

/**
 * A centred, padded column as wide as Mantine's Container of the same size, as a plain <div>.
 * The header, footer, home sections and listings use it on every first paint: Mantine's version
 * is a component tree with its own style resolution for each of the ~10 per page.
 */
export function Container({ size = 'xl', className, ...rest }: Props) {
  return (
    <div
      className={className ? `${classes.container} ${className}` : classes.container}
      data-size={size === 'xl' ? undefined : size}
      {...rest}
    />
  );
}

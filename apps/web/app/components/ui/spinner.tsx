import type { CSSProperties } from 'react';
import classes from './spinner.module.css';

interface Props {
  size?: number;
  /** Announced to screen readers (role status); without it the spinner is decorative. */
  label?: string;
}

/** A turning ring in the current text colour (Mantine's Loader, without its runtime). */
export function Spinner({ size = 22, label }: Props) {
  const style = { '--spinner-size': `${size}px` } as CSSProperties;
  if (!label) return <span className={classes.spinner} style={style} aria-hidden />;
  return <span className={classes.spinner} style={style} role="status" aria-label={label} />;
}

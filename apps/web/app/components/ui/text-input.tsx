import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import classes from './text-input.module.css';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  size?: 'sm' | 'md';
  round?: boolean;
  /** An icon inside the field on the left (not clickable). */
  leftSection?: ReactNode;
  /** A button or icon inside the field on the right (clickable). */
  rightSection?: ReactNode;
  /** Extra class for the <input> itself. */
  inputClassName?: string;
}

/**
 * A one-line text field for the header search and the newsletter form, in Mantine's look without
 * its Input runtime (about 5 KB of gzip on every page; see button.tsx). It has no label of its
 * own: callers give an aria-label. Forms with labels and field errors keep Mantine's TextInput.
 */
export const TextInput = forwardRef<HTMLInputElement, Props>(function TextInput(
  { size = 'sm', round, leftSection, rightSection, inputClassName, className, ...input },
  ref,
) {
  const inputClasses = [
    classes.input,
    size === 'md' && classes.md,
    round && classes.round,
    leftSection && classes.withLeft,
    rightSection && classes.withRight,
    inputClassName,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={[classes.wrapper, size === 'md' && classes.md, className].filter(Boolean).join(' ')}>
      {leftSection && <span className={`${classes.section} ${classes.left}`}>{leftSection}</span>}
      <input ref={ref} type="text" {...input} className={inputClasses} />
      {rightSection && <span className={`${classes.section} ${classes.right}`}>{rightSection}</span>}
    </div>
  );
});

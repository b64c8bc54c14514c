import type { FieldValues, UseFormRegister } from 'react-hook-form';

/**
 * A field checked when it loses the focus shows its error below itself, which moves everything
 * under it down by a line. When the focus leaves because the shopper pressed another control
 * (the Home radio under the address name, the Send button under the message), the blur comes
 * between the press and the release: the release then lands a line above the control, and the
 * click is lost. Here a blur that comes from a press waits until that press's click is over;
 * a blur from the keyboard (Tab) is checked at once, as before.
 *
 * Touch is why this follows clicks and not the pointer being down: a tap's focus change comes
 * after `pointerup`, with the mouse events a browser makes of it, just before the click.
 */

/** After this long without a click (a long press, a drag), the waiting checks run anyway. */
const CLICK_WAIT_MS = 1000;

let pressing = false;
let waiting: (() => void)[] = [];
let fallback: ReturnType<typeof setTimeout> | undefined;

function flush() {
  pressing = false;
  clearTimeout(fallback);
  const run = waiting;
  waiting = [];
  // After the click's own handlers: the click has reached the control it was meant for.
  setTimeout(() => {
    for (const check of run) check();
  }, 0);
}

let listening = false;
function listen() {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener(
    'pointerdown',
    () => {
      pressing = true;
      clearTimeout(fallback);
      fallback = setTimeout(flush, CLICK_WAIT_MS);
    },
    true,
  );
  window.addEventListener('click', flush, true);
  window.addEventListener('pointercancel', flush, true);
}

/** Runs `check` now, or once the click that took the focus away is over. */
export function afterClick(check: () => void): void {
  if (pressing) waiting.push(check);
  else check();
}

/**
 * react-hook-form's `register`, with each field's blur check run by afterClick. Call it once per
 * form (it starts listening for presses on first use).
 */
export function registerAfterClick<F extends FieldValues>(register: UseFormRegister<F>): UseFormRegister<F> {
  listen();
  return (name, options) => {
    const field = register(name, options);
    return {
      ...field,
      onBlur: (event) =>
        new Promise<void>((done) =>
          afterClick(() => {
            void field.onBlur(event).finally(done);
          }),
        ),
    };
  };
}

/**
 * Keeps what a shopper types and clicks before React has hydrated the page.
 *
 * The server-rendered page shows real forms and buttons at once, but they only work once the
 * JavaScript has arrived — on a slow phone network that can take seconds. Without this, text
 * typed in that window is wiped when the form library takes over its fields (it writes its
 * default values into them), and a click on a button does nothing or submits the form natively
 * (a GET that would put a password into the URL).
 *
 * So an inline script in <head> records the text fields' values as they are typed and holds the
 * last button click (and blocks native form submission); once hydrated, `replayEarlyInput` puts
 * the values back through React's change events and repeats the click. Links are left alone:
 * they navigate natively before hydration, which is correct.
 */

type EarlyInput = {
  values: Map<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, string>;
  click: HTMLElement | null;
};

declare global {
  interface Window {
    __earlyInput?: EarlyInput;
  }
}

/** Runs in <head> before the page's markup; must stay plain ES2017 with no imports. */
export const earlyInputScript = `(function(){
var s=window.__earlyInput={values:new Map(),click:null};
function live(){return document.documentElement.dataset.hydrated==='true'}
document.addEventListener('input',function(e){
  if(live())return;var t=e.target;
  if(t instanceof HTMLTextAreaElement||t instanceof HTMLSelectElement||(t instanceof HTMLInputElement&&!/^(checkbox|radio|file|submit|button)$/.test(t.type)))s.values.set(t,t.value);
},true);
document.addEventListener('click',function(e){
  if(live()||!(e.target instanceof Element))return;
  var b=e.target.closest('button,input[type=submit]');
  if(b){e.preventDefault();s.click=b;}
},true);
document.addEventListener('submit',function(e){if(!live())e.preventDefault();},true);
})();`;

/** Sets a field's value the way a typing user does, so React's onChange sees it. */
function typeInto(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  setter?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * Called once, right after hydration (and after `data-hydrated` is set, so nothing is held
 * again): restores typed values the hydrated fields lost, then repeats the held click.
 */
export function replayEarlyInput() {
  const early = window.__earlyInput;
  if (!early) return;
  window.__earlyInput = undefined;
  for (const [field, value] of early.values) {
    if (field.isConnected && field.value !== value) typeInto(field, value);
  }
  // After React has re-rendered with the restored values, so the click's handler sees them.
  const click = early.click;
  setTimeout(() => {
    if (click?.isConnected && !(click as HTMLButtonElement).disabled) click.click();
  }, 0);
}

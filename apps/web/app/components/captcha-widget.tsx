import type {} from 'altcha/types/react';
import { API_PREFIX } from '@shop/contract/api-prefix';
import { messages } from '@shop/contract/messages';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';
import classes from './captcha-widget.module.css';

export const CAPTCHA_CHALLENGE_URL = `${API_PREFIX}/captcha/challenge`;

export interface CaptchaHandle {
  /** A solution is single-use: start over after each submission. */
  reset: () => void;
}

interface AltchaElement extends HTMLElement {
  reset?: () => void;
}

interface StateChangeDetail {
  state?: string;
  payload?: string;
}

/** Runs `task` after the window's load event, when the browser is idle (at most 1 s later). */
function whenIdleAfterLoad(task: () => void): () => void {
  // Safari has no requestIdleCallback: a short timeout does the same job there.
  const idle = typeof window.requestIdleCallback === 'function';
  let cancelled = false;
  let handle: number | undefined;
  const schedule = () => {
    if (cancelled) return;
    handle = idle ? window.requestIdleCallback(task, { timeout: 1000 }) : window.setTimeout(task, 50);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    if (handle === undefined) return;
    if (idle) window.cancelIdleCallback(handle);
    else window.clearTimeout(handle);
  };
}

/**
 * The self-hosted ALTCHA proof-of-work captcha. The web component's code is imported in the
 * browser only, after the page is interactive, so it costs the page nothing up front. If the
 * code or the challenge cannot load, the visitor is told with an alert (product rules §8).
 */
export function CaptchaWidget({
  onChange,
  ref,
}: {
  onChange: (payload: string | null) => void;
  ref?: Ref<CaptchaHandle>;
}) {
  const widget = useRef<AltchaElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useImperativeHandle(ref, () => ({
    reset: () => {
      widget.current?.reset?.();
      onChangeRef.current(null);
    },
  }));

  useEffect(() => {
    let alerted = false;
    const loadFailed = () => {
      if (alerted) return;
      alerted = true;
      window.alert(messages.captchaLoadFailed);
    };
    // Off the critical path: fetch the widget's code once the page has loaded and is idle.
    const cancelLoad = whenIdleAfterLoad(() => {
      import('altcha').catch(loadFailed);
    });
    const element = widget.current;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<StateChangeDetail>).detail ?? {};
      if (detail.state === 'verified' && detail.payload) onChangeRef.current(detail.payload);
      else onChangeRef.current(null);
      if (detail.state === 'error') loadFailed();
    };
    element?.addEventListener('statechange', onState);
    return () => {
      cancelLoad();
      element?.removeEventListener('statechange', onState);
    };
  }, []);

  return (
    <div className={classes.captcha} data-testid="captcha">
      <altcha-widget ref={widget} challenge={CAPTCHA_CHALLENGE_URL} auto="off" name="captcha_value" />
    </div>
  );
}

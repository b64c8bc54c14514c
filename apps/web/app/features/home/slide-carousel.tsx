import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import {
  Children,
  type CSSProperties,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import classes from './slide-carousel.module.css';

interface Props {
  /** Accessible name of the indicators (the section around the carousel names the region). */
  label: string;
  /** Accessible names of the controls and of each slide's indicator. */
  previousLabel: string;
  nextLabel: string;
  indicatorLabel: (index: number) => string;
  /** Advance every so many ms (paused while the pointer is over the carousel); none by default. */
  autoplayMs?: number;
  /** `light` dots over images, `dark` dots below cards. */
  indicators: 'light' | 'dark';
  /** Sets --slide-size and --slide-gap (per breakpoint) for several slides per view. */
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
  'data-testid'?: string;
}

const smooth = (): ScrollBehavior =>
  window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';

/**
 * A carousel on CSS scroll snapping: the slides are a horizontally scrolling row (swipe works
 * natively, the first slide shows without JavaScript), with previous / next controls, one
 * indicator per slide and optional autoplay that wraps round to the first slide. A few hundred
 * bytes instead of Embla + Mantine Carousel (~15 KB gzip on the home page).
 */
export function SlideCarousel({
  label,
  previousLabel,
  nextLabel,
  indicatorLabel,
  autoplayMs,
  indicators,
  className,
  style,
  children,
  'data-testid': testId,
}: Props) {
  const slides = Children.toArray(children);
  const viewport = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  // Autoplay waits while the pointer rests on the carousel or the keyboard focus is in it: a slide
  // must not carry a focused link off screen (WCAG 2.2.2).
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;

  const goTo = useCallback((index: number) => {
    const view = viewport.current;
    const count = view?.children.length ?? 0;
    if (!view || count === 0) return;
    const target = ((index % count) + count) % count;
    const slide = view.children[target] as HTMLElement;
    view.scrollTo({ left: slide.offsetLeft - view.offsetLeft, behavior: smooth() });
  }, []);

  // The active slide follows the scroll position (controls, indicators, swipes and autoplay alike).
  useEffect(() => {
    const view = viewport.current;
    if (!view) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setActive(shownIndex(view)));
    };
    view.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      view.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);

  // One steady interval (product rules §9: every 3500 ms): the next slide is read from the scroll position,
  // not from `active`, so a slide change does not restart the timer (that stretched the period by
  // the length of the scroll, ~3.6–3.7 s). A visitor who asked for reduced motion gets no
  // autoplay: the slides move only when they press a control or swipe (WCAG 2.2.2).
  useEffect(() => {
    if (!autoplayMs || paused || slides.length < 2 || smooth() === 'auto') return;
    const timer = window.setInterval(() => {
      const view = viewport.current;
      if (!view) return;
      goTo(atEnd(view) ? 0 : shownIndex(view) + 1);
    }, autoplayMs);
    return () => window.clearInterval(timer);
  }, [autoplayMs, paused, goTo, slides.length]);

  if (slides.length === 0) return null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hovering or focus inside only pauses the autoplay
    <div
      className={[classes.root, className].filter(Boolean).join(' ')}
      style={style}
      data-testid={testId}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      {/* Focusable so that keyboard users can scroll it even when the slides hold no links. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (axe) */}
      <div ref={viewport} className={classes.viewport} tabIndex={0}>
        {slides.map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: slides are positional
            key={i}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}`}
            className={classes.slide}
          >
            {slide}
          </div>
        ))}
      </div>
      {slides.length > 1 && (
        // Over images (light) the controls sit on the sides of the slide; below cards (dark) they
        // flank the indicators, so that they never cover a card's text.
        <div className={classes.nav} data-variant={indicators}>
          <button
            type="button"
            className={`${classes.control} ${classes.previous}`}
            aria-label={previousLabel}
            onClick={() => goTo(active - 1)}
          >
            <IconChevronLeft size={18} aria-hidden />
          </button>
          <div role="tablist" aria-label={label} className={classes.indicators} data-variant={indicators}>
            {slides.map((_, i) => (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: one indicator per slide position
                key={i}
                type="button"
                role="tab"
                aria-selected={i === active}
                aria-label={indicatorLabel(i)}
                data-active={i === active || undefined}
                className={classes.indicator}
                onClick={() => goTo(i)}
              />
            ))}
          </div>
          <button
            type="button"
            className={`${classes.control} ${classes.next}`}
            aria-label={nextLabel}
            onClick={() => goTo(active + 1)}
          >
            <IconChevronRight size={18} aria-hidden />
          </button>
        </div>
      )}
    </div>
  );
}

function atEnd(view: HTMLElement): boolean {
  return view.scrollLeft + view.clientWidth >= view.scrollWidth - 2;
}

/** The first slide in view: the one whose left edge is nearest the scroll position. */
function shownIndex(view: HTMLElement): number {
  if (atEnd(view)) return view.children.length - visibleCount(view);
  let best = 0;
  for (let i = 0; i < view.children.length; i++) {
    const left = (view.children[i] as HTMLElement).offsetLeft - view.offsetLeft;
    const bestLeft = (view.children[best] as HTMLElement).offsetLeft - view.offsetLeft;
    if (Math.abs(left - view.scrollLeft) < Math.abs(bestLeft - view.scrollLeft)) best = i;
  }
  return best;
}

/** How many slides fit in the viewport (1 for banners; 1–3 for cards). */
function visibleCount(view: HTMLElement): number {
  const first = slideWidth(view, 0);
  return first > 0 ? Math.max(1, Math.round(view.clientWidth / first)) : 1;
}

function slideWidth(view: HTMLElement, index: number): number {
  return (view.children[index] as HTMLElement | undefined)?.offsetWidth ?? 0;
}

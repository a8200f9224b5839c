import Button from '@cloudscape-design/components/button';
import type { ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import { useEffect, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { whenPagePainted } from '../lib/page-painted.ts';

type ButtonDropdownComponent = ComponentType<ButtonDropdownProps & { children?: ReactNode }>;

let loaded: ButtonDropdownComponent | undefined;
let loading: Promise<ButtonDropdownComponent> | undefined;

/** Cloudscape's ButtonDropdown, requested once for every menu button of the page. */
function loadButtonDropdown(): Promise<ButtonDropdownComponent> {
  loading ??= import('@cloudscape-design/components/button-dropdown').then(
    (module) => (loaded = module.default as ButtonDropdownComponent),
    (error: unknown) => {
      loading = undefined; // asked again on the next hover, focus or click
      throw error;
    },
  );
  return loading;
}

/** Tests: as if the page had just opened (the code not loaded yet). */
export function forgetLoadedMenuCode() {
  loaded = undefined;
  loading = undefined;
}

/** Runs `task` when the browser is idle after the first paint (a timer where there is no requestIdleCallback). */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 200);
  return () => clearTimeout(handle);
}

/**
 * Runs `task` when the browser is first idle once the document's first page has been shown
 * (shared/lib/page-painted.ts): an idle moment between the shell's first paint and the page's
 * header would put the menus' code before the LCP.
 */
function whenIdleAfterPage(task: () => void): () => void {
  let cancelIdle: (() => void) | undefined;
  const cancelWait = whenPagePainted(() => {
    cancelIdle = whenIdle(task);
  });
  return () => {
    cancelWait();
    cancelIdle?.();
  };
}

/**
 * A menu button of the top bar (language, region, organization switcher, my-menu): Cloudscape's
 * ButtonDropdown, whose code (the dropdown, its items list, positioning, ≈ 15 KiB gzip with what
 * only it needs) is not in the first paint (issue 16). Until it has loaded, the trigger is the
 * same Cloudscape button ButtonDropdown renders (caret on the right, `aria-haspopup`,
 * `aria-expanded="false"`, the same label and native attributes), so nothing moves or changes name
 * when it is swapped in. The code is requested when the browser is first idle once the first page
 * has been shown, or at once on hover or focus of the trigger; a click (or Enter / Space) before
 * it has arrived opens the menu as soon as it has, and a trigger that had the focus keeps it
 * across the swap.
 */
export function MenuButton(props: ButtonDropdownProps & { children?: ReactNode }) {
  const [Loaded, setLoaded] = useState<ButtonDropdownComponent | undefined>(() => loaded);
  const wrapper = useRef<HTMLSpanElement>(null);
  /** What the placeholder was doing when the code arrived: to be done again on the real trigger. */
  const carryOver = useRef<'open' | 'focus' | undefined>(undefined);
  const mounted = useRef(true);

  const start = () => {
    void loadButtonDropdown()
      .then((component) => {
        if (!mounted.current) return;
        const focused = wrapper.current?.contains(document.activeElement) ?? false;
        if (focused && !carryOver.current) carryOver.current = 'focus';
        setLoaded(() => component);
      })
      .catch(() => undefined);
  };

  useEffect(() => {
    mounted.current = true;
    if (Loaded) return undefined;
    const cancel = whenIdleAfterPage(start);
    return () => {
      mounted.current = false;
      cancel();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, until the code has loaded
  }, [Loaded]);

  useLayoutEffect(() => {
    // ButtonDropdown's trigger says it opens a menu; Button takes no `aria-haspopup` of its own
    // (a native attribute over a Cloudscape-provided one is warned about), so it is set here.
    if (!Loaded) wrapper.current?.querySelector('button')?.setAttribute('aria-haspopup', 'true');
  });

  useLayoutEffect(() => {
    const action = carryOver.current;
    if (!Loaded || !action) return;
    carryOver.current = undefined;
    const trigger = wrapper.current?.querySelector<HTMLButtonElement>('button');
    trigger?.focus();
    if (action === 'open') trigger?.click();
  }, [Loaded]);

  if (Loaded) {
    return (
      <span ref={wrapper} style={contentsStyle}>
        <Loaded {...props} />
      </span>
    );
  }
  return (
    <span
      ref={wrapper}
      style={contentsStyle}
      onPointerEnter={start}
      onFocus={start}
      // A press that has begun opens the menu even when the code arrives before its click does
      // (the click would then reach the placeholder no more).
      onPointerDown={(event) => {
        if (event.button === 0) carryOver.current = 'open';
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') carryOver.current = 'open';
      }}
    >
      <span style={inlineBlockStyle}>
        <Button
          iconName="caret-down-filled"
          iconAlign="right"
          ariaLabel={props.ariaLabel}
          ariaExpanded={false}
          formAction="none"
          nativeButtonAttributes={props.nativeTriggerAttributes}
          onClick={(event) => {
            event.preventDefault();
            carryOver.current = 'open';
            start();
          }}
        >
          {props.children}
        </Button>
      </span>
    </span>
  );
}

/** The wrapper takes no box of its own: the trigger sits in the top bar's flex row as before. */
const contentsStyle = { display: 'contents' } as const;
/** ButtonDropdown's root is an inline block. */
const inlineBlockStyle = { display: 'inline-block' } as const;

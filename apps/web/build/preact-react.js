/**
 * `react` on the Preact build and tests (apps/web/build/preact-alias.ts): preact/compat, with
 * React's keys in `Children.toArray` and `Children.map`. (JavaScript: compat's types are declared
 * with `export =`, which a TypeScript `export *` cannot re-export.)
 *
 * React gives every child these return a key from its place among the children (".0", ".2", or
 * ".$key" for a keyed one), counting the `null` and `false` of a condition too; compat returns the
 * children as they are, keyless. Cloudscape's layouts (SpaceBetween, ColumnLayout, Grid, …) wrap
 * each child of `Children.toArray` in a `<div key={child.key}>`, so on compat a child that appears
 * above others (`{loaded ? <Frame /> : null}` before a table) shifted the unkeyed wrappers and
 * Preact remounted every sibling after it: the table's DOM, its focus and its state were replaced
 * (OrgProductPage's SaaS members table). With React's keys each wrapper keeps its node, as on React.
 */
import compat, {
  Children as compatChildren,
  cloneElement,
  createElement,
  createPortal as compatCreatePortal,
  Fragment,
  isValidElement,
  useLayoutEffect,
  useRef,
} from 'preact/compat';

import { options } from 'preact';

export * from 'preact/compat';

/** @param {string | number | bigint} key */
const escapeKey = (key) => String(key).replace(/[=:]/g, (match) => (match === '=' ? '=0' : '=2'));

/** React's name for a child: `$` and its key, or its index (base 36) where it has none. */
const childName = (/** @type {any} */ child, /** @type {number} */ index) =>
  child !== null && typeof child === 'object' && child.key != null ? `$${escapeKey(child.key)}` : index.toString(36);

/**
 * Calls `visit` for every child, arrays flattened, with React's key for it (null, undefined and
 * booleans as null: they take a place, as in React).
 * @param {unknown} children
 * @param {(child: any, key: string) => void} visit
 */
function eachChild(children, visit) {
  /** @type {(node: unknown, name: string) => void} */
  const walk = (node, name) => {
    if (Array.isArray(node)) {
      node.forEach((child, index) => walk(child, `${name}:${childName(child, index)}`));
      return;
    }
    visit(node == null || typeof node === 'boolean' ? null : node, name);
  };
  if (Array.isArray(children)) children.forEach((child, index) => walk(child, `.${childName(child, index)}`));
  else walk(children, `.${childName(children, 0)}`);
}

/** @param {unknown} children */
function toArray(children) {
  /** @type {unknown[]} */
  const out = [];
  eachChild(children, (child, key) => {
    if (child !== null) out.push(isValidElement(child) ? cloneElement(child, { key }) : child);
  });
  return out;
}

/**
 * As React's: `fn` sees every child, `null` in place of null, undefined and booleans, and its
 * index counts them; an element it returns is keyed by the child's place (its own key first).
 * @param {unknown} children
 * @param {(child: any, index: number) => unknown} fn
 * @param {unknown} [context]
 */
function map(children, fn, context) {
  if (children == null) return children;
  /** @type {unknown[]} */
  const out = [];
  let index = 0;
  eachChild(children, (child, key) => {
    const mapped = fn.call(context, child, index++);
    if (mapped == null || typeof mapped === 'boolean') return;
    if (!isValidElement(mapped)) {
      out.push(mapped);
      return;
    }
    const own = mapped.key != null && (child === null || mapped.key !== child.key) ? `${escapeKey(mapped.key)}/` : '';
    out.push(cloneElement(mapped, { key: `${own}${key}` }));
  });
  return out;
}

export const Children = { ...compatChildren, toArray, map };

/**
 * Events in a portal reach the components around the portal, as in React. React bubbles an event
 * through the component tree, so a `createPortal` child's keydown reaches the `onKeyDown` of the
 * element that rendered the portal; Preact bubbles through the DOM only (preactjs/preact#3286,
 * wontfix), and the portal's DOM hangs off <body>. Cloudscape's ButtonDropdown with
 * `expandToViewport` (every menu of the console's top bar) listens on its own root for the keys of
 * its items, which are in the portal: on compat, Escape, the arrows and Enter did nothing there.
 *
 * The portal leaves a hidden anchor where it is rendered; an event of the kinds below that leaves the
 * portal's container is dispatched again, a copy, from the anchor's parent, so it bubbles through
 * the elements that hold the portal. Its `preventDefault` and `stopPropagation` are passed back to
 * the original, and the copy stops at <body>: listeners on the document see the event once.
 */
// Not `click`: a click event dispatched by script still runs the activation behaviour of the
// nearest link, button or label around its target (navigation, a form's submit), which React's
// bubbling never does; nothing of the console's needs a portal's click outside the portal.
const BRIDGED = ['keydown', 'keyup', 'mousedown', 'mouseup', 'focusin', 'focusout'];
const COPY = Symbol('portal event copy');

let bodyStops = false;
function stopCopiesAtBody() {
  if (bodyStops) return;
  bodyStops = true;
  for (const type of BRIDGED) {
    document.body.addEventListener(type, (event) => {
      if (/** @type {any} */ (event)[COPY]) event.stopImmediatePropagation();
    });
  }
}

/** @param {{ container: Element, children: unknown }} props */
function PortalBridge({ container, children }) {
  const anchor = useRef(/** @type {HTMLElement | null} */ (null));
  useLayoutEffect(() => {
    stopCopiesAtBody();
    /** @param {Event} event */
    const forward = (event) => {
      const parent = anchor.current?.parentNode;
      if (!parent) return;
      const Type = /** @type {new (type: string, init: Event) => Event} */ (event.constructor);
      const copy = new Type(event.type, event);
      /** @type {any} */ (copy)[COPY] = true;
      let stopped = false;
      const stopPropagation = copy.stopPropagation.bind(copy);
      copy.stopPropagation = () => {
        stopped = true;
        stopPropagation();
      };
      parent.dispatchEvent(copy);
      if (copy.defaultPrevented) event.preventDefault();
      if (stopped) event.stopPropagation();
    };
    for (const type of BRIDGED) container.addEventListener(type, forward);
    return () => {
      for (const type of BRIDGED) container.removeEventListener(type, forward);
    };
  }, [container]);
  return createElement(
    Fragment,
    null,
    createElement('span', { ref: anchor, hidden: true, 'data-portal-anchor': '' }),
    compatCreatePortal(/** @type {any} */ (children), container),
  );
}

/**
 * @param {unknown} children
 * @param {Element} container
 */
export function createPortal(children, container) {
  return createElement(PortalBridge, { container }, children);
}

/**
 * No handler of an element runs while Preact takes it out of the document, as in React. Chrome
 * fires `blur` and `focusout` (relatedTarget null) at once when the focused element is removed;
 * React ignores every event dispatched while it commits, so an `onBlur` around an editor that a
 * render removes never ran there. Preact's listeners stayed live: the table's inline editor closed
 * by Escape blurred as it was removed, and the import's cell editor (DryRunTable's save-on-leave)
 * saved the value Escape had just cancelled (e2e member-import).
 *
 * Before Preact removes an unmounted element, its handlers are set aside (its `_listeners`, which
 * Preact's event proxy reads: mangled `__e` on the DOM node, as `_dom` is `__e` on the vnode), and
 * given back once the render's task is over: Suspense unmounts a parked subtree's clone and puts the
 * same nodes back when it is revealed, with the handlers they had.
 */
const DOM = '__e';
const LISTENERS = '__e';
const previousUnmount = options.unmount;
options.unmount = (/** @type {any} */ vnode) => {
  const dom = typeof vnode.type === 'string' ? vnode[DOM] : null;
  const listeners = dom?.[LISTENERS];
  if (listeners) {
    dom[LISTENERS] = null;
    queueMicrotask(() => {
      if (dom[LISTENERS] === null) dom[LISTENERS] = listeners;
    });
  }
  if (previousUnmount) previousUnmount(vnode);
};

/**
 * The effects (`useEffect`) of a render that a person's key press, click or typing caused run before
 * the browser handles the next event, as in React. React renders such an update at once and runs its
 * effects at the end of that commit; Preact ran every effect after the next frame
 * (requestAnimationFrame, then a timer). A Cloudscape Select or Multiselect moves the focus into its
 * filter in an effect as Enter opens it: on compat the keys typed right after Enter reached the
 * trigger, and Chrome put the text typed there into the last text field the caret was in (e2e
 * keyboard.spec, the role-group flow: the role's name went into the description, the list closed
 * and the focus left for <body>). The wait grew with the main thread's load: the late form schemas
 * (zod) arriving at that moment were enough.
 *
 * While an event of those kinds is dispatched, and until the task after it, Preact's flush of
 * effects is run in a microtask; otherwise after the next frame, as before. Effects still waiting
 * for a frame when such an event begins run first, as React runs pending effects before a new update.
 * (`options.requestAnimationFrame` is preact/hooks' scheduler of that flush; preact/test-utils'
 * act() puts its own in place while it runs.)
 */
const DISCRETE = [
  'keydown',
  'keyup',
  'keypress',
  'beforeinput',
  'input',
  'compositionend',
  'click',
  'dblclick',
  'contextmenu',
  'mousedown',
  'mouseup',
  'pointerdown',
  'pointerup',
  'touchstart',
  'touchend',
  'submit',
];
/**
 * Discrete too, but also fired in the middle of a script (a `focus()` in an effect, an element
 * removed by a render): they never run the waiting effects early, which would run them inside the
 * flush or the render that fired them.
 */
const DISCRETE_IN_SCRIPT = ['focusin', 'focusout', 'change'];
const FRAME_TIMEOUT = 35;

/**
 * preact/hooks' own: after the next frame, or 35 ms when no frame comes (a hidden tab).
 * @param {() => void} callback
 */
function afterNextFrame(callback) {
  /** @type {number | undefined} */
  let frame;
  const done = () => {
    clearTimeout(timeout);
    if (frame !== undefined) cancelAnimationFrame(frame);
    setTimeout(callback);
  };
  const timeout = setTimeout(done, FRAME_TIMEOUT);
  if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(done);
}

let discrete = false;
let flushing = false;
/** @type {(() => void) | null} */
let waitingFlush = null;

/** @param {() => void} flush */
function scheduleEffects(flush) {
  const run = () => {
    if (waitingFlush === run) waitingFlush = null;
    flushing = true;
    try {
      flush();
    } finally {
      flushing = false;
    }
  };
  if (discrete) {
    queueMicrotask(run);
    return;
  }
  waitingFlush = run;
  afterNextFrame(run);
}

if (typeof window !== 'undefined' && typeof options.requestAnimationFrame !== 'function') {
  options.requestAnimationFrame = scheduleEffects;
  const markDiscrete = () => {
    if (discrete) return;
    discrete = true;
    setTimeout(() => {
      discrete = false;
    });
  };
  const onDiscrete = () => {
    // Effects a frame was to run: now, before this event's handlers render anew (never inside a flush).
    if (waitingFlush && !flushing && options.requestAnimationFrame === scheduleEffects) waitingFlush();
    markDiscrete();
  };
  for (const type of DISCRETE) window.addEventListener(type, onDiscrete, { capture: true });
  for (const type of DISCRETE_IN_SCRIPT) window.addEventListener(type, markDiscrete, { capture: true });
}

export default { ...compat, Children, createPortal };

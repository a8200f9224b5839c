import Multiselect from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { cleanup, render, screen } from '@testing-library/react';
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePreact } from '../../build/preact-alias.ts';

/**
 * The web tests render with the renderer the build ships: preact/compat, or React with
 * WEB_RENDERER=react (apps/web/build/preact-alias.ts) — for the console's code and for Testing
 * Library alike, or they would prove a renderer the users never get.
 */
describe('the renderer of the web tests', () => {
  it('is the one the build uses', async () => {
    const preact = usePreact();
    const { container } = render(<p>hello</p>);
    expect(screen.getByText('hello')).toBeTruthy();
    // React keeps a root key on the container it renders into; Preact its virtual tree (`__k`).
    expect(Object.keys(container).some((key) => key.startsWith('__reactContainer'))).toBe(!preact);
    expect('__k' in container).toBe(preact);
    if (preact) {
      const compat = await import('preact/compat');
      expect(React.useState).toBe(compat.useState);
      // react-dom is the same module as react there (apps/web/build/preact-react.js).
      expect(ReactDOM.createPortal).toBe((React as unknown as typeof ReactDOM).createPortal);
    }
  });
});

/** The children a JSX parent is given: an array, with a condition's `null` in its place. */
const childrenOf = (parent: React.ReactElement<{ children?: React.ReactNode }>) => parent.props.children;
const keyOf = (child: React.ReactNode) => (child as React.ReactElement).key;

function LayoutPage({ loaded }: { loaded: boolean }) {
  return (
    <SpaceBetween size="l">
      <h1>title</h1>
      {loaded ? <p>frame</p> : null}
      <input aria-label="kept" />
    </SpaceBetween>
  );
}

/** What Chrome does as a node leaves the document: the focused element in it is blurred. */
const blurInside = (node: Node) => {
  const focused = document.activeElement;
  if (focused instanceof HTMLElement && focused !== document.body && node.contains(focused)) focused.blur();
};

describe('children on either renderer', () => {
  it("keys Children.toArray's and Children.map's children by their place, counting a condition's null, as React does", () => {
    const children = childrenOf(
      <div>
        {null}
        <i key="a" />
        <b />
        {[<u key="u" />]}
      </div>,
    );
    expect(React.Children.toArray(children).map(keyOf)).toEqual(['.$a', '.2', '.3:$u']);
    const mapped = React.Children.map(childrenOf(<div>{false}<b /></div>), (child, index) => (child ? <s>{index}</s> : null));
    expect(mapped?.map(keyOf)).toEqual(['.1']);
  });

  it('keeps an element and its state when a condition above it in a Cloudscape layout starts to show', () => {
    const { rerender } = render(<LayoutPage loaded={false} />);
    const input = screen.getByLabelText<HTMLInputElement>('kept');
    input.value = 'typed';
    rerender(<LayoutPage loaded />);
    expect(screen.getByText('frame')).toBeTruthy();
    // On preact/compat without React's keys (apps/web/build/preact-react.js) the input was remounted.
    expect(screen.getByLabelText('kept')).toBe(input);
    expect(input.isConnected).toBe(true);
    expect(input.value).toBe('typed');
  });

  it('bubbles an event in a portal to the elements around the portal once, as React does', () => {
    const container = document.createElement('div');
    document.body.append(container);
    const seen: string[] = [];
    const onDocument = (event: KeyboardEvent) => seen.push(`document ${event.key}`);
    document.addEventListener('keydown', onDocument);
    try {
      render(
        <div
          onKeyDown={(event) => {
            seen.push(`parent ${event.key}`);
            if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
            }
          }}
        >
          {ReactDOM.createPortal(<button type="button">in the portal</button>, container)}
        </div>,
      );
      const button = screen.getByText('in the portal');
      expect(button.parentElement).toBe(container);
      button.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true, cancelable: true }));
      const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
      button.dispatchEvent(escape);
      // The parent's handler ran for both; its preventDefault and stopPropagation reached the event.
      expect(seen).toEqual(['parent a', 'document a', 'parent Escape']);
      expect(escape.defaultPrevented).toBe(true);
    } finally {
      document.removeEventListener('keydown', onDocument);
      container.remove();
    }
  });

  it('runs no handler of an element while a render removes it, as React does', async () => {
    // Chrome blurs the focused element as it leaves the document (blur and focusout, relatedTarget
    // null); happy-dom does not: removals here do it as Chrome does.
    const removeChild = Node.prototype.removeChild;
    const remove = Element.prototype.remove;
    Node.prototype.removeChild = function <T extends Node>(this: Node, child: T): T {
      blurInside(child);
      return removeChild.call(this, child) as T;
    };
    Element.prototype.remove = function (this: Element) {
      blurInside(this);
      remove.call(this);
    };
    try {
      const left: string[] = [];
      const Editor = ({ editing }: { editing: boolean }) => (
        <div>
          {editing ? (
            <div onBlur={() => left.push('editor')}>
              <input aria-label="cell" />
            </div>
          ) : (
            <button type="button">edit</button>
          )}
          <button type="button">elsewhere</button>
        </div>
      );
      const { rerender } = render(<Editor editing />);
      screen.getByLabelText('cell').focus();
      screen.getByText('elsewhere').focus();
      // Live while it is shown: leaving it for another element runs the handler.
      expect(left).toEqual(['editor']);
      screen.getByLabelText('cell').focus();
      rerender(<Editor editing={false} />);
      expect(screen.queryByLabelText('cell')).toBeNull();
      // On preact/compat as it is, the removal's blur ran the editor's onBlur (apps/web/build/preact-react.js).
      expect(left).toEqual(['editor']);
    } finally {
      Node.prototype.removeChild = removeChild;
      Element.prototype.remove = remove;
    }
  });
});

/**
 * What a browser does before it handles the next key: every microtask runs, no timer and no frame.
 * An effect that has not run by then is too late for that key.
 */
async function beforeTheNextEvent() {
  for (let count = 0; count < 10; count++) await Promise.resolve();
}

/** A key pressed by a person: dispatched as the browser does, not inside Testing Library's act(). */
function pressEnterOutsideAct(target: Element) {
  const init = { key: 'Enter', code: 'Enter', keyCode: 13, bubbles: true, cancelable: true };
  target.dispatchEvent(new KeyboardEvent('keydown', init));
  target.dispatchEvent(new KeyboardEvent('keyup', init));
}

/** A button whose Enter shows a field that takes the focus in an effect, as a Select's filter does. */
function Opener() {
  const [open, setOpen] = React.useState(false);
  const filter = React.useRef<HTMLInputElement>(null);
  React.useEffect(() => {
    if (open) filter.current?.focus();
  }, [open]);
  return (
    <div>
      <button type="button" onKeyDown={(event) => event.key === 'Enter' && setOpen(true)}>
        open
      </button>
      {open ? <input ref={filter} aria-label="filter" /> : null}
    </div>
  );
}

/** Hands out its setter (a response's arrival); reports each count its effect sees. */
function Arrivals({ onReady, onEffect }: { onReady: (arrive: (count: number) => void) => void; onEffect: (count: number) => void }) {
  const [count, setCount] = React.useState(0);
  React.useEffect(() => onReady(setCount), [onReady]);
  React.useEffect(() => onEffect(count), [count, onEffect]);
  return null;
}

describe('effects on either renderer', () => {
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  let wasActEnvironment: boolean | undefined;
  beforeEach(() => {
    // These tests press keys as the browser does, outside act(); React would warn of it.
    wasActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterEach(() => {
    cleanup();
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
  });

  it("runs the effects of a render a key press caused before the next key, as React does", async () => {
    render(<Opener />);
    const button = screen.getByText('open');
    button.focus();
    pressEnterOutsideAct(button);
    await beforeTheNextEvent();
    // Preact ran them after the next frame (requestAnimationFrame, then a timer): the keys typed
    // meanwhile went to the button, or to the last text field (apps/web/build/preact-react.js).
    expect(document.activeElement).toBe(screen.getByLabelText('filter'));
  });

  it("runs the effects already waiting for a frame before a key press's own", async () => {
    const effects: number[] = [];
    const setters: ((count: number) => void)[] = [];
    const onReady = (setter: (count: number) => void) => {
      setters.push(setter);
    };
    const onEffect = (count: number) => {
      effects.push(count);
    };
    render(
      <>
        <Arrivals onReady={onReady} onEffect={onEffect} />
        <Opener />
      </>,
    );
    const button = screen.getByText('open');
    button.focus();
    await new Promise((resolve) => setTimeout(resolve));
    // A render outside any event (a response arriving, a task after the focus): its effects wait for a frame.
    setters[0]!(1);
    await beforeTheNextEvent();
    pressEnterOutsideAct(button);
    await beforeTheNextEvent();
    expect(effects).toEqual([0, 1]);
    expect(document.activeElement).toBe(screen.getByLabelText('filter'));
  });

  it("puts the focus in a Cloudscape Multiselect's filter as Enter opens it, before the next key", async () => {
    render(
      <Multiselect
        selectedOptions={[]}
        options={[{ value: 'a', label: 'alpha' }, { value: 'b', label: 'beta' }]}
        filteringType="auto"
        filteringPlaceholder="find"
        placeholder="pick"
        onChange={() => undefined}
        data-testid="picker"
      />,
    );
    const trigger = screen.getByTestId('picker').querySelector('button') as HTMLButtonElement;
    trigger.focus();
    pressEnterOutsideAct(trigger);
    await beforeTheNextEvent();
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    // The keys that follow filter the list: the e2e keyboard role-group flow typed a role's name here.
    expect(document.activeElement).toBe(screen.getByPlaceholderText('find'));
  });
});

// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyAppearance } from '../../shared/appearance/appearance.ts';
import { toasts } from '../../shared/ui/toasts.ts';
import { useProductFrame, type FrameTheme } from './use-product-frame.ts';

function Frame(props: { tab: string; onNavigate?: (tab: string) => void }) {
  const { frame, src, height } = useProductFrame({
    srcOf: (theme: FrameTheme) => `/product-proxy/email/${props.tab}?theme=${theme}`,
    initialHeight: 300,
    productDomain: null,
    productMessageOrigins: [],
    onNavigate: props.onNavigate,
  });
  return <iframe ref={frame} data-testid="frame" title="product" sandbox="allow-scripts" src={src} style={{ height }} />;
}

const frameOf = () => screen.getByTestId('frame') as HTMLIFrameElement;
const srcOf = () => frameOf().getAttribute('src');

/** A message from the frame's own window, at `origin` (the console's own, as a PROXY page's). */
function fromFrame(data: unknown, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: frameOf().contentWindow }));
  });
}

function setTheme(theme: 'light' | 'dark') {
  act(() => {
    applyAppearance({ theme, density: 'comfortable' }, false);
  });
}

afterEach(() => {
  cleanup();
  applyAppearance({ theme: 'light', density: 'comfortable' }, false);
});

describe('useProductFrame', () => {
  it('loads a page that did not announce itself again in the new theme', () => {
    render(<Frame tab="send" />);
    expect(srcOf()).toBe('/product-proxy/email/send?theme=light');
    setTheme('dark');
    expect(srcOf()).toBe('/product-proxy/email/send?theme=dark');
  });

  it('tells a page that follows live the new theme, and keeps its document', () => {
    render(<Frame tab="send" />);
    const post = vi.spyOn(frameOf().contentWindow!, 'postMessage');
    fromFrame({ type: 'console:ready', accepts: ['console:theme'] });
    expect(post).toHaveBeenLastCalledWith({ type: 'console:theme', theme: 'light' }, window.location.origin);
    setTheme('dark');
    expect(srcOf()).toBe('/product-proxy/email/send?theme=light');
    expect(post).toHaveBeenLastCalledWith({ type: 'console:theme', theme: 'dark' }, window.location.origin);
    // Another page of the product (a tab) is a new document: loaded in the current theme, and it announces itself again.
    cleanup();
    render(<Frame tab="history" />);
    expect(srcOf()).toBe('/product-proxy/email/history?theme=dark');
  });

  it('a new address after a live switch loads in the current theme, and that document follows live only once it says so', () => {
    const { rerender } = render(<Frame tab="send" />);
    fromFrame({ type: 'console:ready', accepts: ['console:theme'] });
    setTheme('dark');
    expect(srcOf()).toBe('/product-proxy/email/send?theme=light');
    rerender(<Frame tab="history" />);
    expect(srcOf()).toBe('/product-proxy/email/history?theme=dark');
    setTheme('light');
    expect(srcOf()).toBe('/product-proxy/email/history?theme=light');
  });

  it('hears only its own frame at an accepted origin; takes resize, toast and navigate', () => {
    const onNavigate = vi.fn();
    render(<Frame tab="send" onNavigate={onNavigate} />);
    // Another origin announcing itself changes nothing: the theme still reloads the page.
    fromFrame({ type: 'console:ready', accepts: ['console:theme'] }, 'https://evil.example');
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: { type: 'console:ready', accepts: ['console:theme'] }, origin: window.location.origin, source: window }));
    });
    setTheme('dark');
    expect(srcOf()).toBe('/product-proxy/email/send?theme=dark');
    fromFrame({ type: 'console:resize', height: 999_999 });
    expect(frameOf().style.height).toBe('5000px');
    fromFrame({ type: 'console:navigate', tab: 'history' });
    expect(onNavigate).toHaveBeenCalledWith('history');
    // The toast's level as docs/products.md names it (`level`; Email sends it so).
    const show = vi.spyOn(toasts, 'show');
    fromFrame({ type: 'console:toast', level: 'error', message: 'Sending failed' });
    expect(show).toHaveBeenLastCalledWith({ type: 'error', content: 'Sending failed' });
    show.mockRestore();
  });
});

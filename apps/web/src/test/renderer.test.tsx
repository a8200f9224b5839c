import { render, screen } from '@testing-library/react';
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import { describe, expect, it } from 'vitest';

/**
 * The web tests render with the renderer the build ships: React, or preact/compat with
 * WEB_RENDERER=preact (apps/web/build/preact-alias.ts) — for the console's code and for Testing
 * Library alike, or they would prove a renderer the users never get.
 */
describe('the renderer of the web tests', () => {
  it('is the one the build uses', async () => {
    const preact = process.env.WEB_RENDERER === 'preact';
    const { container } = render(<p>hello</p>);
    expect(screen.getByText('hello')).toBeTruthy();
    // React keeps a root key on the container it renders into; Preact its virtual tree (`__k`).
    expect(Object.keys(container).some((key) => key.startsWith('__reactContainer'))).toBe(!preact);
    expect('__k' in container).toBe(preact);
    if (preact) {
      const compat = await import('preact/compat');
      expect(React.useState).toBe(compat.useState);
      expect(ReactDOM.createPortal).toBe(compat.createPortal);
    }
  });
});

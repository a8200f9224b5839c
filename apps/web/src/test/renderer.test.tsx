import { render, screen } from '@testing-library/react';
import * as compat from 'preact/compat';
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import { describe, expect, it } from 'vitest';

/**
 * The console ships on Preact through preact/compat (apps/web/build/preact-alias.ts); the web tests
 * must render with the same, or they would prove a renderer the users never get.
 */
describe('the renderer of the web tests', () => {
  it('is preact/compat, for the code and for Testing Library alike', () => {
    expect(React.useState).toBe(compat.useState);
    expect(ReactDOM.createPortal).toBe(compat.createPortal);
    const { container } = render(<p>hello</p>);
    expect(screen.getByText('hello')).toBeTruthy();
    // Preact keeps its virtual tree on the container it renders into; React keeps a root key.
    expect(Object.keys(container).some((key) => key.startsWith('__reactContainer'))).toBe(false);
    expect('__k' in container || '_children' in container).toBe(true);
  });
});

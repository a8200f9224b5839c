import Button from '@cloudscape-design/components/button';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TableHeader } from './TableHeader.tsx';

afterEach(cleanup);

describe('TableHeader', () => {
  it('spaces each button of a fragment apart (one SpaceBetween child each) and shows the count', () => {
    render(
      <TableHeader
        count={12}
        actions={
          <>
            <Button data-testid="one">One</Button>
            {null}
            <Button data-testid="two">Two</Button>
          </>
        }
      >
        Members
      </TableHeader>,
    );
    expect(screen.getByRole('heading', { name: /Members/ }).textContent).toContain('(12)');
    const one = screen.getByTestId('one');
    const two = screen.getByTestId('two');
    // Each button sits in a child of its own of the same SpaceBetween, not both in one.
    expect(one.parentElement).not.toBe(two.parentElement);
    expect(one.parentElement?.parentElement).toBe(two.parentElement?.parentElement);
  });

  it('shows no count while the first page loads and no action area without actions', () => {
    render(<TableHeader>Projects</TableHeader>);
    expect(screen.getByRole('heading', { name: 'Projects' }).textContent).not.toContain('(');
  });
});

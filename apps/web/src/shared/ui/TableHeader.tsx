import Header, { type HeaderProps } from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { Children, Fragment, isValidElement, type ReactNode } from 'react';

export interface TableHeaderProps {
  /** How many rows there are in all (shown as "(12)"); undefined while the first page loads. */
  readonly count?: number | undefined;
  readonly description?: ReactNode;
  /** The table's buttons, left to right (a fragment of them); spaced as Cloudscape's tables space them. */
  readonly actions?: ReactNode;
  readonly variant?: HeaderProps['variant'];
  readonly children: ReactNode;
}

/** The buttons of a fragment one by one (SpaceBetween spaces its children, and on React 19 a fragment is one child). */
function buttonsOf(actions: ReactNode): ReactNode {
  return isValidElement<{ children?: ReactNode }>(actions) && actions.type === Fragment ? Children.toArray(actions.props.children) : actions;
}

/** The header of a list table: its title, the count of rows, a description and the buttons that act on the list or the selected row. */
export function TableHeader({ count, description, actions, variant = 'h2', children }: TableHeaderProps) {
  return (
    <Header
      variant={variant}
      counter={count === undefined ? undefined : `(${count})`}
      description={description}
      actions={
        actions === undefined ? undefined : (
          <SpaceBetween direction="horizontal" size="xs">
            {buttonsOf(actions)}
          </SpaceBetween>
        )
      }
    >
      {children}
    </Header>
  );
}

import Button, { type ButtonProps } from '@cloudscape-design/components/button';
import { useFollow } from '../hooks/use-follow.ts';

/** A Cloudscape button that links to a console path, followed without reloading the page. */
export function RouterButton({ href, ...props }: ButtonProps & { href: string }) {
  const follow = useFollow();
  return <Button {...props} href={href} onFollow={follow} />;
}

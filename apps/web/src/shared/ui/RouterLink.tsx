import Link, { type LinkProps } from '@cloudscape-design/components/link';
import { useFollow } from '../hooks/use-follow.ts';

/** A Cloudscape link to a console path, followed without reloading the page. */
export function RouterLink({ href, ...props }: LinkProps & { href: string }) {
  const follow = useFollow();
  return <Link {...props} href={href} onFollow={follow} />;
}

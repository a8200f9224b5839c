/**
 * Cloudscape design tokens the console's own styles use, spelled as the INSTALLED components name
 * their CSS custom properties (each light-mode value as the fallback). The
 * `@cloudscape-design/design-tokens` package on the registry lags the components: its variables
 * carry another build's hash (`--color-background-container-content-78ljyf` where the components
 * set `…-mjfil9`), so styles from it never followed dark mode or compact density. The components do
 * not export their own token module, so the names live here and `cloudscape-tokens.test.ts`
 * compares them with the installed components' generated tokens: an upgrade that renames one
 * fails there.
 */
export const cloudscapeTokens = {
  spaceScaledXs: 'var(--space-scaled-xs-pajbd1, 8px)',
  spaceScaledS: 'var(--space-scaled-s-2crg2b, 12px)',
  borderRadiusItem: 'var(--border-radius-item-mitz8h, 8px)',
  colorBackgroundDropdownItemHover: 'var(--color-background-dropdown-item-hover-pvfsrg, #f3f3f7)',
  colorBorderItemFocused: 'var(--color-border-item-focused-sewkzn, #006ce0)',
} as const;

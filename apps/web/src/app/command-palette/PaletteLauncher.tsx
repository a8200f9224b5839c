import Button from '@cloudscape-design/components/button';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { loadMessageParts } from '../../shared/i18n/i18n.ts';
import { onDemand } from '../../shared/ui/on-demand.tsx';
import type { Scope } from '../shell/scope.ts';

// The palette (its texts, the palette message part, and the other languages' texts it searches) loads when it first opens.
const CommandPalette = onDemand(() =>
  Promise.all([import('./CommandPalette.tsx'), loadMessageParts(['palette'])]).then(([module]) => module.CommandPalette),
);

/** ⌘K on a Mac, Ctrl+K elsewhere: what the button's label names. */
const isMac = () => typeof navigator !== 'undefined' && /mac|iphone|ipad/i.test(navigator.platform || navigator.userAgent);

/**
 * The top bar's search button and the ⌘K / Ctrl+K shortcut, anywhere in the signed-in console;
 * both open the command palette (issue 16).
 */
export function PaletteLauncher({ scope }: { scope: Scope }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const shortcut = isMac() ? '⌘K' : 'Ctrl+K';
  return (
    <>
      <Button variant="icon" iconName="search" ariaLabel={t('palette.open', { shortcut })} onClick={() => setOpen(true)} data-testid="command-palette-open" />
      {open ? <CommandPalette scope={scope} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

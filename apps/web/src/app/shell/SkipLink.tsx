import { useState, type CSSProperties } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.ts';

/** The element the skip link moves to: the page's own content, after the top and side navigation. */
export const MAIN_CONTENT_ID = 'main-content';

const hidden: CSSProperties = {
  position: 'absolute',
  insetInlineStart: 8,
  insetBlockStart: -100,
  zIndex: 2000,
};
const shown: CSSProperties = {
  ...hidden,
  insetBlockStart: 8,
  padding: '8px 16px',
  borderRadius: 8,
  background: '#0972d3',
  color: '#ffffff',
  fontWeight: 700,
  textDecoration: 'none',
  boxShadow: '0 2px 8px rgba(0, 7, 22, 0.3)',
};

/**
 * "Skip to main content": the first thing Tab reaches on every page; out of sight until focused.
 * Following it puts the keyboard focus on the page's content, past the top bar and the menus.
 */
export function SkipLink() {
  const { t } = useTranslation();
  const [focused, setFocused] = useState(false);
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      style={focused ? shown : hidden}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onClick={(event) => {
        const target = document.getElementById(MAIN_CONTENT_ID);
        if (!target) return;
        // Focus moves without touching the address (the router owns it).
        event.preventDefault();
        target.focus();
        target.scrollIntoView?.({ block: 'start' });
      }}
      data-testid="skip-to-content"
    >
      {t('shell.skipToContent')}
    </a>
  );
}

import Box from '@cloudscape-design/components/box';
import Input, { type InputProps } from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { cloudscapeTokens as tokens } from '../../shared/ui/cloudscape-tokens.ts';
import { useNavigate } from 'react-router';
import type { Scope } from '../shell/scope.ts';
import { searchPalette, type PaletteItem } from './palette-search.ts';
import { usePaletteItems } from './use-palette-items.ts';

const listStyle = { listStyle: 'none', margin: 0, padding: 0, maxHeight: '55vh', overflowY: 'auto' } as const;
const optionStyle = (active: boolean, disabled: boolean) =>
  ({
    padding: `${tokens.spaceScaledXs} ${tokens.spaceScaledS}`,
    borderRadius: tokens.borderRadiusItem,
    cursor: disabled ? 'not-allowed' : 'pointer',
    background: active ? tokens.colorBackgroundDropdownItemHover : 'transparent',
    outline: active ? `2px solid ${tokens.colorBorderItemFocused}` : 'none',
    outlineOffset: '-2px',
  }) as const;

/**
 * ⌘K / Ctrl+K (issue 16): find any page, action, organization, project, role group or member the
 * user can reach, by name in any of the four languages, and go there with the keyboard alone
 * (↑ ↓ to move, Enter to go, Escape to close). Actions the user may not do stay listed, disabled,
 * with the permission and the roles that would grant it.
 */
export function CommandPalette({ scope, onClose }: { scope: Scope; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const { items, searching } = usePaletteItems(scope, query, onClose);
  const results = useMemo(() => searchPalette(items, query), [items, query]);
  const listId = useId();
  const input = useRef<InputProps.Ref>(null);
  // The modal puts the focus on its close button as it opens: the search field takes it after.
  useEffect(() => {
    const frame = requestAnimationFrame(() => input.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  const optionId = (index: number) => `${listId}-option-${index}`;
  const current = Math.min(active, Math.max(results.length - 1, 0));

  const choose = (item: PaletteItem | undefined) => {
    if (!item || item.disabledReason) return;
    if (item.run) {
      item.run();
      return;
    }
    onClose();
    if (item.href) void navigate(item.href);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + results.length) % Math.max(results.length, 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(results[current]);
    }
  };

  return (
    <Modal visible onDismiss={onClose} header={t('palette.title')} size="medium" data-testid="command-palette">
      <SpaceBetween size="s">
        <div onKeyDown={onKeyDown}>
          <Input
            value={query}
            onChange={({ detail }) => {
              setQuery(detail.value);
              setActive(0);
            }}
            ref={input}
            type="search"
            placeholder={t('palette.placeholder')}
            ariaLabel={t('palette.label')}
            controlId={`${listId}-input`}
            ariaRequired={false}
            data-testid="command-palette-input"
            nativeInputAttributes={{
              role: 'combobox',
              // The list exists only while there are results: name it only then (axe: aria-valid-attr-value).
              'aria-expanded': results.length > 0,
              'aria-controls': results.length > 0 ? listId : undefined,
              'aria-autocomplete': 'list',
              'aria-activedescendant': results.length > 0 ? optionId(current) : undefined,
            }}
          />
        </div>
        <Box variant="small" color="text-body-secondary">
          {searching ? <Spinner size="normal" /> : null} {t('palette.hint')}
        </Box>
        {results.length === 0 ? (
          <Box textAlign="center" color="text-body-secondary" data-testid="command-palette-empty">
            {searching ? t('palette.searching') : t('palette.empty')}
          </Box>
        ) : (
          <ul id={listId} role="listbox" aria-label={t('palette.results')} style={listStyle}>
            {results.map((item, index) => (
              // Options take no focus of their own: the input keeps it and names the active one (aria-activedescendant).
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={item.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === current}
                aria-disabled={item.disabledReason ? true : undefined}
                style={optionStyle(index === current, item.disabledReason !== undefined)}
                onMouseEnter={() => setActive(index)}
                onClick={() => choose(item)}
                data-testid="command-palette-option"
                data-kind={item.kind}
              >
                <Box color={item.disabledReason ? 'text-status-inactive' : 'inherit'} fontWeight={item.kind === 'action' ? 'bold' : 'normal'}>
                  {item.label}{' '}
                  <Box variant="small" display="inline" color="text-body-secondary">
                    · {t(`palette.kinds.${item.kind}`)}
                    {item.detail ? ` · ${item.detail}` : ''}
                  </Box>
                </Box>
                {item.disabledReason ? (
                  <Box variant="small" color="text-status-inactive" data-testid="command-palette-disabled-reason">
                    {item.disabledReason}
                  </Box>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </SpaceBetween>
    </Modal>
  );
}

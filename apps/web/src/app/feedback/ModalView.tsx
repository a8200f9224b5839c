import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { DEFAULT_MODAL_WIDTH, modals, type ModalEntry } from '../../shared/ui/modals.ts';

/** One modal of the stack: alert, confirm, form or custom; 590 px wide unless it asks otherwise. */
export function ModalView({ entry, visible = true }: { entry: ModalEntry; visible?: boolean }) {
  const { t } = useTranslation();
  const width = entry.width ?? DEFAULT_MODAL_WIDTH;
  const [dirty, setDirty] = useState(false);

  switch (entry.kind) {
    case 'alert':
      return (
        <Modal
          visible={visible}
          width={width}
          header={entry.header}
          closeAriaLabel={t('common.close')}
          onDismiss={() => entry.resolve()}
          footer={
            <Box float="right">
              <Button variant="primary" onClick={() => entry.resolve()} data-testid="modal-ok">
                {entry.okText ?? t('common.ok')}
              </Button>
            </Box>
          }
        >
          {entry.content}
        </Modal>
      );
    case 'confirm':
      return (
        <Modal
          visible={visible}
          width={width}
          header={entry.header}
          closeAriaLabel={t('common.close')}
          onDismiss={() => entry.resolve(false)}
          footer={
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" onClick={() => entry.resolve(false)} data-testid="modal-cancel">
                  {entry.cancelText ?? t('common.cancel')}
                </Button>
                <Button variant="primary" onClick={() => entry.resolve(true)} data-testid="modal-confirm">
                  {entry.confirmText ?? t('common.confirm')}
                </Button>
              </SpaceBetween>
            </Box>
          }
        >
          {entry.content}
        </Modal>
      );
    case 'form':
      return (
        <Modal
          visible={visible}
          width={width}
          header={entry.header}
          closeAriaLabel={t('common.close')}
          onDismiss={() => {
            if (!dirty) {
              entry.resolve(undefined);
              return;
            }
            void modals
              .confirm({
                header: t('form.unsaved.discardTitle'),
                content: t('form.unsaved.discardDescription'),
                confirmText: t('form.unsaved.discard'),
                cancelText: t('form.unsaved.keepEditing'),
              })
              .then((discard) => {
                if (discard) entry.resolve(undefined);
              });
          }}
        >
          {entry.render({
            submit: (value) => entry.resolve(value),
            cancel: () => entry.resolve(undefined),
            setDirty,
          })}
        </Modal>
      );
    case 'custom': {
      const close = (value?: unknown) => entry.resolve(value);
      return (
        <Modal
          visible={visible}
          width={width}
          header={entry.header}
          closeAriaLabel={t('common.close')}
          onDismiss={() => close()}
          footer={entry.footer?.({ close })}
        >
          {entry.render({ close })}
        </Modal>
      );
    }
  }
}

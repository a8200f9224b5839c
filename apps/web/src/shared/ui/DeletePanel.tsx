import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import { DeleteConfirmation, type DeleteConfirmationProps } from './DeleteConfirmation.tsx';
import { modals } from './modals.ts';
import { toasts } from './toasts.ts';

export interface DeletePanelProps {
  /** The Delete button's test id; the panel is `<testId>-panel`, the reason `<testId>-reason`. */
  readonly testId: string;
  readonly title: string;
  readonly description: string;
  /** The Delete button's text, in the panel and in the confirmation. */
  readonly buttonText: string;
  /** The confirmation modal's header. */
  readonly confirmTitle: string;
  readonly disabled: boolean;
  /** Why Delete is disabled (the role that would allow it, or what must go first); shown under the description too. */
  readonly reason: string | undefined;
  /** The permission is still being asked: no reason is shown yet. */
  readonly loading: boolean;
  /** The confirmation: what to type, how to delete, how a failure reads. */
  readonly confirmation: Omit<DeleteConfirmationProps, 'submitText' | 'onDone' | 'onCancel' | 'onDirtyChange'>;
  /** The success toast. */
  readonly deletedText: string;
  /** After the deletion: leave the page, forget what was cached. */
  readonly onDeleted: () => Promise<void>;
}

/**
 * A settings page's Delete panel (organization, project): says what deleting does, and Delete asks
 * for the name typed exactly in a modal (`DeleteConfirmation`); once deleted, a toast, then `onDeleted`.
 */
export function DeletePanel({
  testId,
  title,
  description,
  buttonText,
  confirmTitle,
  disabled,
  reason,
  loading,
  confirmation,
  deletedText,
  onDeleted,
}: DeletePanelProps) {
  const onDelete = async () => {
    const deleted = await modals.form<boolean>({
      header: confirmTitle,
      render: ({ submit, cancel, setDirty }) => (
        <DeleteConfirmation
          {...confirmation}
          submitText={buttonText}
          onDone={() => submit(true)}
          onCancel={cancel}
          onDirtyChange={setDirty}
        />
      ),
    });
    if (!deleted) return;
    toasts.show({ type: 'success', content: deletedText });
    await onDeleted();
  };

  return (
    <Container
      data-testid={`${testId}-panel`}
      header={
        <Header
          variant="h2"
          actions={
            <Button onClick={() => void onDelete()} disabled={disabled} disabledReason={reason} data-testid={testId}>
              {buttonText}
            </Button>
          }
        >
          {title}
        </Header>
      }
    >
      <Box variant="p">{description}</Box>
      {reason && !loading ? (
        <Box variant="small" color="text-status-inactive" data-testid={`${testId}-reason`}>
          {reason}
        </Box>
      ) : null}
    </Container>
  );
}

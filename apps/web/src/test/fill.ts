import type userEvent from '@testing-library/user-event';

/**
 * Puts `text` into a field as a person pasting it would: a click into the field, then one input
 * of the whole text. The form sees the same value through the same change and blur handlers as
 * with `user.type`, without a render of the whole form per character (a 94-character form flow
 * took 25 s of CPU typed, ReceiverGroupsPage.test.tsx, at a load of 13). Type with `user.type`
 * where the keystrokes are the subject: a check debounced while typing, a key that does something.
 */
export async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

import { screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

/** The button that opens a Select or Multiselect (not a token's dismiss button). */
export const selectTrigger = (testId: string) => {
  const root = screen.getByTestId(testId);
  return (root.querySelector('button[aria-haspopup]') ?? root.querySelector('button')) as HTMLElement;
};

/** Opens a Select or Multiselect and clicks the option of this value (a Multiselect's click toggles it). */
export async function chooseOption(user: ReturnType<typeof userEvent.setup>, testId: string, value: string) {
  if (selectTrigger(testId).getAttribute('aria-expanded') !== 'true') await user.click(selectTrigger(testId));
  const option = await waitFor(() => {
    const found = screen.getByTestId(testId).querySelector(`[role="option"] [data-value="${value}"]`);
    if (!found) throw new Error(`no option ${value} in ${testId}`);
    return found as HTMLElement;
  });
  await user.click(option);
}

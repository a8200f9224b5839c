import type { RoleCondition } from '@console/contracts/conditions';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { switchLocale, type LocaleResources } from '../../../shared/i18n/switch-locale.ts';
import { bundleAnswer, renderConsole } from '../../../test/console.tsx';
import { mockFetch } from '../../../test/http.ts';
import { fill } from '../../../test/fill.ts';
import { ConditionEditor } from './ConditionEditor.tsx';

let english: LocaleResources;
beforeAll(async () => {
  english = await switchLocale('en_US');
  // The date picker the form loads on demand: its first import (transform and evaluation) is the
  // wait the date-time test timed out on at a load of 20-28, not the picker's render.
  await import('@cloudscape-design/components/date-picker');
}, 120_000);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The editor with its conditions in state; `seen` records every change it reports. */
function renderEditor(initial: RoleCondition[], showAllProblems = false) {
  mockFetch({ 'GET /api/i18n/messages/bundle': bundleAnswer({}) });
  const seen: RoleCondition[][] = [];
  function Harness() {
    const [conditions, setConditions] = useState(initial);
    return (
      <ConditionEditor
        conditions={conditions}
        onChange={(next) => {
          seen.push(next);
          setConditions(next);
        }}
        timeZone="Asia/Seoul"
        showAllProblems={showAllProblems}
        testId="c"
      />
    );
  }
  renderConsole([{ path: '/', Component: Harness }], '/', english);
  return seen;
}

const ip = (values: string[]): RoleCondition => ({
  attributeId: 'REQUEST_IP',
  attributeDataTypeCode: 'IPADDRESS',
  attributeOperatorTypeCode: 'ALLOW',
  attributeValues: values,
});

describe('ConditionEditor', () => {
  it('refuses an address that is not an IP or CIDR block, and a value already listed; adds a good one', async () => {
    const user = userEvent.setup({ delay: null });
    const seen = renderEditor([ip([])]);
    const input = await screen.findByTestId('c-0-token-input');

    await user.type(input, '203.0.113.300{Enter}');
    expect(screen.getByTestId('c-0-refused').textContent).toBe('The IP format is incorrect.');
    expect(seen).toHaveLength(0);

    await user.clear(input);
    await fill(user, input, '203.0.113.0/24');
    await user.click(screen.getByTestId('c-0-token-add'));
    expect(seen.at(-1)?.[0]?.attributeValues).toEqual(['203.0.113.0/24']);
    expect(screen.queryByTestId('c-0-refused')).toBeNull();

    await user.type(input, '203.0.113.0/24{Enter}');
    expect(screen.getByTestId('c-0-refused').textContent).toBe('IP address is redundant.');
    expect(seen.at(-1)?.[0]?.attributeValues).toEqual(['203.0.113.0/24']);
  });

  it('shows the problem of a condition next to it (contracts conditionProblem)', async () => {
    renderEditor(
      [
        { attributeId: 'TIME', attributeDataTypeCode: 'TIME', attributeOperatorTypeCode: 'BETWEEN', attributeValues: ['12:00'] },
        { attributeId: 'TIME', attributeDataTypeCode: 'TIME', attributeOperatorTypeCode: 'BETWEEN', attributeValues: ['12:00', '12:00'] },
        { attributeId: 'TIME', attributeDataTypeCode: 'TIME', attributeOperatorTypeCode: 'BETWEEN', attributeValues: ['22:00', '06:00'] },
      ],
      true,
    );
    expect((await screen.findByTestId('c-0-error')).textContent).toContain('enter a start and an end time (HH:mm)');
    expect(screen.getByTestId('c-1-error').textContent).toContain('The same value is entered twice.');
    // A window across midnight is fine.
    expect(screen.queryByTestId('c-2-error')).toBeNull();
  });

  it('offers only the operators of the chosen attribute, and day checkboxes for the day of week', async () => {
    const user = userEvent.setup({ delay: null });
    const seen = renderEditor([
      { attributeId: 'DAY_OF_WEEK', attributeDataTypeCode: 'DAY_OF_WEEK', attributeOperatorTypeCode: 'ANY_CONTAINS', attributeValues: [] },
    ]);
    await user.click(within(await screen.findByTestId('c-0-operator')).getByRole('button'));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toHaveLength(2);
    expect(options[0]).toContain('is one of');
    expect(options[1]).toContain('is none of');
    await user.keyboard('{Escape}');

    await user.click(within(screen.getByTestId('c-0-day-SAT')).getByRole('checkbox'));
    await user.click(within(screen.getByTestId('c-0-day-MON')).getByRole('checkbox'));
    expect(seen.at(-1)?.[0]?.attributeValues).toEqual(['MON', 'SAT']);
  });

  it('shows a date-time in the organization time zone once the date picker has loaded, and keeps an edit as the instant', async () => {
    const user = userEvent.setup({ delay: null });
    const seen = renderEditor([
      { attributeId: 'DATE_TIME', attributeDataTypeCode: 'DATETIME', attributeOperatorTypeCode: 'LESS_THAN', attributeValues: ['2026-11-30T15:00:00.000Z'] },
    ]);
    // The picker loads on demand (its chunk is not in the form's first paint): found once it is there.
    const picker = await screen.findByTestId('c-0-datetime-0-date', {}, { timeout: 10_000 });
    expect(within(picker).getByPlaceholderText<HTMLInputElement>('YYYY/MM/DD').value).toBe('2026/12/01');
    const time = within(screen.getByTestId('c-0-datetime-0-time')).getByPlaceholderText<HTMLInputElement>('hh:mm');
    expect(time.value).toBe('00:00');

    await user.clear(time);
    await user.type(time, '0930');
    expect(seen.at(-1)?.[0]?.attributeValues).toEqual(['2026-12-01T00:30:00.000Z']);
  });
});

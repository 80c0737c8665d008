import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { useState } from 'react';
import type { ApiResult } from '@/lib/client/api';
import type { Proof } from '@/components/two-step/StepUpFields';
import { useStepUp } from '@/components/two-step/use-step-up';
import en from '@/messages/en.json';

// antd's modal is slow to render in jsdom on a loaded machine; nothing here measures time.
jest.setTimeout(30_000);

const STATUS = { totp: true, recoveryRemaining: 10, passkeys: [], devices: [], required: false };

/** A change confirmed by the second factor alone (an account's deactivation), as AccountActions asks it. */
function Deactivate({ send }: { send: (proof?: Proof) => Promise<ApiResult<unknown>> }) {
  const { confirmWithStepUp, dialog } = useStepUp();
  const [outcome, setOutcome] = useState('none');
  return (
    <>
      {dialog}
      <button type="button" onClick={() => void confirmWithStepUp({ title: 'Deactivate viewer?', content: 'The user is signed out at once.', ok: 'Deactivate', danger: true }, send).then((result) => setOutcome(result === null ? 'cancelled' : result.ok ? 'done' : result.error.code))}>
        start
      </button>
      <output>{outcome}</output>
    </>
  );
}

// antd's modal measures the scrollbar with a pseudo-element's style, which jsdom does not implement.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

beforeEach(() => {
  global.fetch = jest.fn(async (url: string) => {
    if (url === '/api/two-step/status') return { headers: new Headers(), json: async () => ({ ok: true, data: STATUS }) };
    throw new Error(`unexpected ${url}`);
  }) as unknown as typeof fetch;
});

const renderIt = (send: (proof?: Proof) => Promise<ApiResult<unknown>>) =>
  render(
    <NextIntlClientProvider locale="en" messages={en}>
      <Deactivate send={send} />
    </NextIntlClientProvider>,
  );

describe('a change the second factor confirms on its own', () => {
  it('asks the code in one dialog holding the question, keeps it open on a wrong code, and sends the change with the proof', async () => {
    const send = jest
      .fn<Promise<ApiResult<unknown>>, [Proof?]>()
      .mockResolvedValueOnce({ ok: false, error: { code: 'FACTOR_CODE_WRONG', message: 'The code is not right. 4 attempts left before the second step is locked.' } })
      .mockResolvedValueOnce({ ok: true, data: { success: 1 } });
    renderIt(send);
    fireEvent.click(screen.getByText('start'));
    const field = await screen.findByLabelText('Authenticator code');
    expect(screen.getByText('Deactivate viewer?')).toBeInTheDocument();
    expect(screen.getByText('The user is signed out at once.')).toBeInTheDocument();
    // Only one dialog: nothing else stands over the code field.
    expect(screen.getAllByRole('dialog')).toHaveLength(1);

    fireEvent.change(field, { target: { value: '12 34' } });
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Enter the 6 digits the app shows.')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();

    fireEvent.change(field, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('The code is not right. 4 attempts left before the second step is locked.')).toBeInTheDocument();
    expect(send).toHaveBeenLastCalledWith({ code: '123456' });

    fireEvent.change(screen.getByLabelText('Authenticator code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('done'));
    expect(send).toHaveBeenLastCalledWith({ code: '654321' });
  });

  it('answers null when the person cancels, and sends nothing', async () => {
    const send = jest.fn<Promise<ApiResult<unknown>>, [Proof?]>();
    renderIt(send);
    fireEvent.click(screen.getByText('start'));
    await screen.findByLabelText('Authenticator code');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('cancelled'));
    expect(send).not.toHaveBeenCalled();
  });
});

import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { NextIntlClientProvider } from 'next-intl';
import { ImportantNoticeDialog } from '@/components/notices/ImportantNoticeDialog';
import { NOTICES_CHANGED, type ImportantNotice } from '@/lib/notices/codes';
import en from '@/messages/en.json';

jest.mock('next/navigation', () => ({ usePathname: () => '/merchant/stores' }));

const NOTICES: ImportantNotice[] = [
  { id: 7, title: 'Updated card acceptance terms', body: 'Please read the new terms.', createdAt: '20261120093000' },
  { id: 9, title: 'New settlement hours', body: 'Settlement now runs at 02:00.', createdAt: '20261121093000' },
];

let answers: { ok: boolean; status: number }[] = [];
const sent: unknown[] = [];
beforeEach(() => {
  sent.length = 0;
  global.fetch = jest.fn(async (url: string, init: RequestInit) => {
    if (url !== '/api/notices/important') throw new Error(`unexpected ${url}`);
    sent.push(JSON.parse(String(init.body)));
    const { ok, status } = answers.shift() ?? { ok: true, status: 200 };
    return { ok, status, headers: new Headers(), json: async () => (ok ? { ok: true, data: {} } : { ok: false, error: { code: 'UPSTREAM_FAILED', message: 'The services did not answer. Try again.' } }) };
  }) as unknown as typeof fetch;
});

const renderIt = () =>
  render(
    <NextIntlClientProvider locale="en" messages={en}>
      <App>
        <ImportantNoticeDialog notices={NOTICES} />
      </App>
    </NextIntlClientProvider>,
  );

describe('the important notice', () => {
  it('is a dialog named by its title whose form posts to the portal, coming back to the page', () => {
    renderIt();
    const dialog = screen.getByRole('dialog', { name: 'Updated card acceptance terms' });
    expect(dialog).toHaveTextContent('Please read the new terms.');
    const form = dialog.querySelector('form');
    expect(form).toHaveAttribute('action', '/api/notices/important');
    expect(form).toHaveAttribute('method', 'post');
    expect(Object.fromEntries(new FormData(form as HTMLFormElement))).toEqual({ notice: '7', back: '/merchant/stores' });
    expect(screen.getByRole('button', { name: 'Remind me later' })).toHaveAttribute('value', 'later');
  });

  it('keeps a notice the services did not take, saying why; acknowledged, shows the next, then closes', async () => {
    answers = [{ ok: false, status: 502 }];
    const changed = jest.fn();
    window.addEventListener(NOTICES_CHANGED, changed);
    renderIt();
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText('The services did not answer. Try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Updated card acceptance terms' })).toBeInTheDocument();
    expect(changed).not.toHaveBeenCalled();

    // antd's button leaves its loading state an effect after the answer: a person clicks it once it reads "Acknowledge" again.
    fireEvent.click(await screen.findByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByRole('dialog', { name: 'New settlement hours' })).toBeInTheDocument();
    expect(changed).toHaveBeenCalledTimes(1);
    fireEvent.click(await screen.findByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ answer: 'acknowledge', notice: 7 }, { answer: 'acknowledge', notice: 7 }, { answer: 'acknowledge', notice: 9 }]);
    window.removeEventListener(NOTICES_CHANGED, changed);
  });

  it('takes the keyboard: focus starts in it, Tab stays in it, Escape is "later", kept for the sign-in', async () => {
    renderIt();
    const dialog = screen.getByRole('dialog', { name: 'Updated card acceptance terms' });
    await waitFor(() => expect(dialog).toHaveFocus());
    const [later, acknowledge] = [screen.getByRole('button', { name: 'Remind me later' }), screen.getByRole('button', { name: 'Acknowledge' })];
    acknowledge.focus();
    fireEvent.keyDown(acknowledge, { key: 'Tab' });
    expect(later).toHaveFocus();
    fireEvent.keyDown(later, { key: 'Tab', shiftKey: true });
    expect(acknowledge).toHaveFocus();
    act(() => void fireEvent.keyDown(acknowledge, { key: 'Escape' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(sent).toEqual([{ answer: 'later', notice: 7 }]));
  });
});

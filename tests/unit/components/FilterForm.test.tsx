import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { FilterForm } from '@/components/list-kit/FilterForm';
import type { FilterOptions } from '@/lib/list-kit/narrow';
import { parseListValues } from '@/lib/list-kit/schema';
import { transactionsList } from '@/lib/lists/transactions';
import en from '@/messages/en.json';
import zhTW from '@/messages/zhTW.json';

// antd's forms are slow to render in jsdom on a loaded machine; nothing here measures time.
jest.setTimeout(30_000);

const NOW = new Date('2026-11-21T04:00:00Z');
/** A customer user's list: no customers to choose from; merchants, stores and terminals searched as typed. */
const OPTIONS: FilterOptions = { merchants: [], stores: [], terminals: [] };

function renderForm(params: Record<string, string>, onSearch = jest.fn(), messages: typeof en = en, locale = 'en', options: FilterOptions = OPTIONS) {
  const { values, issues } = parseListValues(transactionsList, params, NOW);
  render(
    <NextIntlClientProvider locale={locale} messages={messages}>
      <FilterForm definition={transactionsList} values={values} issues={issues} options={options} loading={false} onSearch={onSearch} onReset={jest.fn()} />
    </NextIntlClientProvider>,
  );
  return onSearch;
}

describe('the filter form drawn from a list definition', () => {
  it('draws each filter with its label, leaves out a source with no choices, and fills the values of the URL', () => {
    renderForm({ from: '2026-11-01', to: '2026-11-20', order: 'EP1', amountFrom: '5' });
    for (const label of ['Payment date', 'Merchant no.', 'Store', 'Terminal', 'Payment type', 'Amount from', 'Amount to', 'Order no.', 'EFT no.', 'RRN']) {
      expect(screen.getByText(label, { selector: 'label' })).toBeInTheDocument();
    }
    // A customer user has no customers to choose from: no customer picker.
    expect(screen.queryByText('Customer', { selector: 'label' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Order no.')).toHaveValue('EP1');
    expect(screen.getByLabelText('Amount from')).toHaveValue('5');
    expect(screen.getByDisplayValue('2026-11-01')).toBeInTheDocument();
    expect(screen.getByDisplayValue('2026-11-20')).toBeInTheDocument();
  });

  it('asks the server for the terminals of the chosen merchant when no store is chosen, names the chosen one at once, and says when more match', async () => {
    const asked: string[] = [];
    const answer = { options: [{ value: 'T1', label: 'T1', within: { merchants: 'M1', stores: 'S1' } }, { value: 'T3', label: 'T3', within: { merchants: 'M1', stores: 'S3' } }], more: true };
    // jsdom has no fetch: the route handler's answer, as the browser would read it.
    const original = globalThis.fetch;
    globalThis.fetch = jest.fn(async (url: string | URL | Request) => {
      asked.push(String(url));
      return { headers: new Map(), json: async () => ({ ok: true, data: answer }) } as unknown as Response;
    });
    try {
      const offered = () => [...document.querySelectorAll('.ant-select-dropdown .ant-select-item-option')].map((option) => option.getAttribute('title'));
      renderForm({ merchant: 'M1' }, jest.fn(), en, 'en', { ...OPTIONS, merchants: [{ value: 'M1', label: 'Seafood (M1)', within: { customers: 'C0001' } }] });
      expect(screen.getByTitle('Seafood (M1)')).toBeInTheDocument();
      fireEvent.mouseDown(screen.getByLabelText('Terminal'));
      await waitFor(() => expect(offered()).toEqual(['T1', 'T3']));
      expect(asked).toEqual(['/api/choices/terminals?merchant=M1']);
      expect(screen.getByText('More match: type a name or number to find them.')).toBeInTheDocument();
    } finally {
      globalThis.fetch = original;
    }
  });

  it("shows a URL's refusal under its field, in the user's language, with the refused range", () => {
    renderForm({ from: '2025-01-01', to: '2026-11-21' }, jest.fn(), zhTW as unknown as typeof en, 'zh-Hant-TW');
    expect(screen.getByText('日期範圍最多為 366 天。')).toBeInTheDocument();
    expect(screen.getByDisplayValue('2025-01-01')).toBeInTheDocument();
  });

  it('checks the form with the list schema before searching: a bad amount is refused under its field', async () => {
    const onSearch = renderForm({});
    fireEvent.change(screen.getByLabelText('Amount from'), { target: { value: '1.234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Enter an amount with at most 2 decimals.')).toBeInTheDocument();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('searches with the trimmed values, the span and the first page', async () => {
    const onSearch = renderForm({ from: '2026-11-01', to: '2026-11-20', page: '4' });
    fireEvent.change(screen.getByLabelText('RRN'), { target: { value: '  123456  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(onSearch).toHaveBeenCalled());
    expect(onSearch.mock.calls[0][0]).toMatchObject({ from: '2026-11-01', to: '2026-11-20', rrn: '123456', page: 1, size: 10 });
  });

  it('offers the rest of the filters behind a toggle that says how many there are', () => {
    renderForm({});
    const toggle = screen.getByRole('button', { name: 'More filters (7)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Fewer filters' })).toHaveAttribute('aria-expanded', 'true');
  });
});

import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { FilterForm } from '@/components/list-kit/FilterForm';
import { parseListValues } from '@/lib/list-kit/schema';
import { transactionsList } from '@/lib/lists/transactions';
import en from '@/messages/en.json';
import zhTW from '@/messages/zhTW.json';

// antd's forms are slow to render in jsdom on a loaded machine; nothing here measures time.
jest.setTimeout(30_000);

const NOW = new Date('2026-11-21T04:00:00Z');
const OPTIONS = {
  customers: [],
  merchants: [{ value: 'M1', label: 'M1' }],
  stores: [{ value: 'S1', label: 'Harbour (S1)', parent: 'M1' }],
  terminals: [{ value: 'T1', label: 'T1', parent: 'S1' }],
};

function renderForm(params: Record<string, string>, onSearch = jest.fn(), messages: typeof en = en, locale = 'en', options: typeof OPTIONS = OPTIONS) {
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

  it('narrows the terminals to the chosen merchant\u2019s stores when no store is chosen', async () => {
    const options = {
      customers: [],
      merchants: [
        { value: 'M1', label: 'M1' },
        { value: 'M2', label: 'M2' },
      ],
      stores: [
        { value: 'S1', label: 'Harbour (S1)', parent: 'M1' },
        { value: 'S3', label: 'Pier (S3)', parent: 'M1' },
        { value: 'S2', label: 'Bay (S2)', parent: 'M2' },
      ],
      terminals: [
        { value: 'T1', label: 'T1', parent: 'S1' },
        { value: 'T3', label: 'T3', parent: 'S3' },
        { value: 'T2', label: 'T2', parent: 'S2' },
      ],
    };
    const offered = () => [...document.querySelectorAll('.ant-select-dropdown .ant-select-item-option')].map((option) => option.getAttribute('title'));
    renderForm({ merchant: 'M1' }, jest.fn(), en, 'en', options);
    fireEvent.mouseDown(screen.getByLabelText('Terminal'));
    await waitFor(() => expect(offered()).toEqual(['T1', 'T3']));
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

import { fireEvent, render, screen, within } from '@testing-library/react';
import { Pagination } from 'antd';
import { NextIntlClientProvider } from 'next-intl';
import { Pager } from '@/components/data-table/Pager';
import en from '@/messages/en.json';
import zhTW from '@/messages/zhTW.json';

/** What a pager's list shows, item by item, read from antd's class names (which both pagers carry). */
function shownItems(list: HTMLElement): string[] {
  return [...list.querySelectorAll(':scope > li')].flatMap((item) => {
    const page = [...item.classList].find((name) => /^ant-pagination-item-\d+$/.test(name));
    // A page beside a jump, which antd's stylesheet leaves out on a phone, is marked so.
    const beside = item.classList.contains('ant-pagination-item-after-jump-prev') ? '<' : item.classList.contains('ant-pagination-item-before-jump-next') ? '>' : '';
    if (page) return [page.replace('ant-pagination-item-', '') + beside];
    if (item.classList.contains('ant-pagination-jump-prev')) return ['«'];
    if (item.classList.contains('ant-pagination-jump-next')) return ['»'];
    return [];
  });
}

function renderPager(props: Partial<Parameters<typeof Pager>[0]> = {}, messages: typeof en = en, locale = 'en') {
  const onChange = jest.fn();
  render(
    <NextIntlClientProvider locale={locale} messages={messages}>
      <Pager page={1} pageSize={10} total={95} pageSizes={[10, 20, 50]} onChange={onChange} {...props} />
    </NextIntlClientProvider>,
  );
  return onChange;
}

describe("the tables' pager", () => {
  it("offers the pages antd's Pagination offered, marked as antd marks them, for every page of 1 to 16 pages", () => {
    for (let pages = 1; pages <= 16; pages++) {
      for (let page = 1; page <= pages; page++) {
        const total = pages * 10;
        const antd = render(<Pagination current={page} pageSize={10} total={total} showSizeChanger={false} />);
        const expected = shownItems(antd.container.querySelector('ul') as HTMLElement);
        antd.unmount();
        const ours = render(
          <NextIntlClientProvider locale="en" messages={en}>
            <Pager page={page} pageSize={10} total={total} pageSizes={[10]} onChange={jest.fn()} />
          </NextIntlClientProvider>,
        );
        expect({ pages, page, items: shownItems(ours.container.querySelector('ul') as HTMLElement) }).toEqual({ pages, page, items: expected });
        ours.unmount();
      }
    }
  });

  it('pages by links to their addresses, the current page marked, and hands a plain click to the list', () => {
    const onChange = renderPager({ page: 2, href: (page, size) => `?page=${page}&size=${size}` });
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: '2' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('link', { name: '3' })).toHaveAttribute('href', '?page=3&size=10');
    expect(within(pages).getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '?page=1&size=10');
    expect(within(pages).getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '?page=3&size=10');

    const plain = fireEvent.click(within(pages).getByRole('link', { name: '10' }));
    expect(plain).toBe(false); // the list navigates, not the browser
    expect(onChange).toHaveBeenLastCalledWith(10, 10);

    // A click with a modifier opens the address where the browser puts it (a new tab): the list stays.
    onChange.mockClear();
    expect(fireEvent.click(within(pages).getByRole('link', { name: '3' }), { ctrlKey: true })).toBe(true);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('leaves out a step that goes nowhere and jumps five pages over the ones left out', () => {
    const onChange = renderPager({ page: 1, total: 500 });
    expect(screen.queryByRole('button', { name: 'Previous page' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next 5 pages' }));
    expect(onChange).toHaveBeenLastCalledWith(6, 10);
    // Without addresses the pages are buttons to the keyboard.
    fireEvent.keyDown(screen.getByRole('button', { name: '50' }), { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith(50, 10);
  });

  it('chooses the page size, back at the first page, in the reader’s language', () => {
    const onChange = renderPager({ page: 4 }, zhTW, 'zh-Hant-TW');
    const size = screen.getByRole('combobox', { name: '每頁筆數' });
    expect(size).toHaveValue('10');
    expect(within(size).getAllByRole('option').map((option) => option.textContent)).toEqual(['10 條/頁', '20 條/頁', '50 條/頁']);
    fireEvent.change(size, { target: { value: '50' } });
    expect(onChange).toHaveBeenLastCalledWith(1, 50);
  });

  it('offers only pages there are when the address asks for one past the last', () => {
    renderPager({ page: 40, total: 160, href: (page, size) => `?page=${page}&size=${size}` });
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    const targets = within(pages).getAllByRole('link').map((link) => Number(new URLSearchParams(link.getAttribute('href') ?? '').get('page')));
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) expect(target).toBeGreaterThanOrEqual(1);
    for (const target of targets) expect(target).toBeLessThanOrEqual(16);
    expect(within(pages).queryByRole('link', { current: 'page' })).not.toBeInTheDocument();
  });

  it('offers no size to choose when there is one', () => {
    renderPager({ pageSizes: [10] });
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});

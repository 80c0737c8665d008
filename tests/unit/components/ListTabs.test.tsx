import { fireEvent, render, screen } from '@testing-library/react';
import { ListTabs } from '@/components/list-kit/ListTabs';

jest.mock('next/navigation', () => ({ usePathname: () => '/transaction/reviewRefund' }));

const TABS = [
  { key: 'waiting', label: 'Waiting for approval' },
  { key: 'decided', label: 'Decided' },
  { key: 'voided', label: 'Voided' },
];

describe("a page's list tabs", () => {
  it('are links to their addresses, the shown one selected and the only stop for Tab', () => {
    render(<ListTabs param="view" active="decided" tabs={TABS} />);
    expect(screen.getByRole('tablist')).toHaveClass('ant-tabs-nav');
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('href'), tab.getAttribute('aria-selected'), tab.tabIndex])).toEqual([
      ['Waiting for approval', '/transaction/reviewRefund?view=waiting', 'false', -1],
      ['Decided', '/transaction/reviewRefund?view=decided', 'true', 0],
      ['Voided', '/transaction/reviewRefund?view=voided', 'false', -1],
    ]);
    // antd's ink bar under the shown tab only.
    expect(tabs[1]?.parentElement?.querySelector('.ant-tabs-ink-bar')).not.toBeNull();
    expect(document.querySelectorAll('.ant-tabs-ink-bar')).toHaveLength(1);
  });

  it('moves between the tabs with the arrow keys, Home and End, around the ends, and opens one with Space', () => {
    render(<ListTabs param="view" active="waiting" tabs={TABS} />);
    const [waiting, decided, voided] = screen.getAllByRole('tab') as [HTMLElement, HTMLElement, HTMLElement];
    waiting.focus();
    fireEvent.keyDown(waiting, { key: 'ArrowRight' });
    expect(decided).toHaveFocus();
    fireEvent.keyDown(decided, { key: 'End' });
    expect(voided).toHaveFocus();
    fireEvent.keyDown(voided, { key: 'ArrowRight' });
    expect(waiting).toHaveFocus();
    fireEvent.keyDown(waiting, { key: 'ArrowLeft' });
    expect(voided).toHaveFocus();
    fireEvent.keyDown(voided, { key: 'Home' });
    expect(waiting).toHaveFocus();

    const opened = jest.fn((event: MouseEvent) => event.preventDefault());
    decided.addEventListener('click', opened);
    fireEvent.keyDown(decided, { key: ' ' });
    expect(opened).toHaveBeenCalledTimes(1);
    // Other keys are the browser's: a letter does not move or open anything.
    fireEvent.keyDown(decided, { key: 'a' });
    expect(opened).toHaveBeenCalledTimes(1);
  });
});

import { render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { SidebarMenu } from '@/components/shell/SidebarMenu';
import { buildMenu } from '@/lib/auth/menu';
import en from '@/messages/en.json';

function renderMenu(codes: string[], active: string | undefined, pendingApprovals: number | null = null) {
  render(
    <NextIntlClientProvider locale="en" messages={en}>
      <nav aria-label="Main menu">
        <SidebarMenu entries={buildMenu(codes)} active={active} pendingApprovals={pendingApprovals} />
      </nav>
    </NextIntlClientProvider>,
  );
}

const links = () => screen.getAllByRole('link').map((link) => link.getAttribute('data-menu-code'));

describe("the open sidebar's menu (plain links, no antd Menu)", () => {
  it("lists the session's menus in the table's order under their expanded groups, each a link to its route", () => {
    renderMenu(['stores', 'dashboard', 'transactions', 'unknown'], 'transactions');
    expect(links()).toEqual(['dashboard', 'stores', 'transactions']);
    expect(screen.getByText('Merchant management')).toBeInTheDocument();
    expect(screen.getByText('Transaction management')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Store information' })).toHaveAttribute('href', '/merchant/stores');
  });

  it('marks the current page, and only it', () => {
    renderMenu(['dashboard', 'transactions', 'stores'], 'transactions');
    expect(screen.getByRole('link', { name: 'Real-time transaction' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Homepage' })).not.toHaveAttribute('aria-current');
  });

  it("brings the current page's item into view, where a short screen would leave it below the fold", () => {
    const scrolled = jest.spyOn(Element.prototype, 'scrollIntoView');
    renderMenu(['dashboard', 'transactions', 'stores'], 'stores');
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toContainElement(screen.getByRole('link', { name: 'Store information' }));
    scrolled.mockRestore();
  });

  it("names the review badge's count on the review item", () => {
    renderMenu(['dashboard', 'reviewRefund'], undefined, 3);
    const review = screen.getByRole('link', { name: /Review refund application/ });
    expect(within(review).getByLabelText('3 refunds waiting for approval')).toBeInTheDocument();
  });
});

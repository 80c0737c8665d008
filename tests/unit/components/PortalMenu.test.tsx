import { fireEvent, render, screen } from '@testing-library/react';
import { PortalMenu } from '@/components/ui/PortalMenu';
import { THEME_CLASS } from '@/lib/theme/tokens';

const ITEMS = [
  { key: 'refresh', label: 'Refresh' },
  { key: 'close', label: 'Close', disabled: true },
  { type: 'divider' as const },
  { key: 'closeAll', label: 'Close all' },
];

function renderMenu(props: Partial<Parameters<typeof PortalMenu>[0]> = {}) {
  const onChoose = jest.fn();
  render(
    <PortalMenu trigger="click" items={ITEMS} onChoose={onChoose} {...props}>
      <button type="button">Actions</button>
    </PortalMenu>,
  );
  return onChoose;
}

describe("the portal's menu", () => {
  it('opens from its button as a menu of items, says so to assistive technology, and chooses one', () => {
    const onChoose = renderMenu();
    const button = screen.getByRole('button', { name: 'Actions' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu');
    expect(button).toHaveAttribute('aria-controls', menu.id);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Refresh', 'Close', 'Close all']);
    // antd's classes, so antd's stylesheet draws it, and the theme's, where antd's variables are declared.
    expect(menu).toHaveClass('ant-dropdown-menu');
    expect(menu.parentElement).toHaveClass(THEME_CLASS, 'ant-dropdown');

    fireEvent.click(screen.getByRole('menuitem', { name: 'Close all' }));
    expect(onChoose).toHaveBeenCalledWith('closeAll');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('leaves a disabled item unchosen, and moves past it with the arrow keys', () => {
    const onChoose = renderMenu();
    const button = screen.getByRole('button', { name: 'Actions' });
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Close' }));
    expect(onChoose).not.toHaveBeenCalled();

    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(screen.getByRole('menuitem', { name: 'Refresh' })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('menuitem', { name: 'Refresh' }), { key: 'ArrowDown' });
    expect(screen.getByRole('menuitem', { name: 'Close all' })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('menuitem', { name: 'Close all' }), { key: 'ArrowDown' });
    expect(screen.getByRole('menuitem', { name: 'Refresh' })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('menuitem', { name: 'Refresh' }), { key: 'Enter' });
    expect(onChoose).toHaveBeenCalledWith('refresh');
  });

  it('closes with Escape back to its button, and with a press outside it', () => {
    renderMenu();
    const button = screen.getByRole('button', { name: 'Actions' });
    fireEvent.click(button);
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    fireEvent.keyDown(screen.getByRole('menuitem', { name: 'Refresh' }), { key: 'Escape' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    fireEvent.click(button);
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    // Opened from the keyboard and not yet entered: Escape on the button closes it.
    fireEvent.click(button);
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens at the pointer from a context menu, and not at all when disabled', () => {
    render(
      <>
        <PortalMenu trigger="contextMenu" items={ITEMS}>
          <span>Tab</span>
        </PortalMenu>
        <PortalMenu trigger="click" items={ITEMS} disabled>
          <button type="button">Export</button>
        </PortalMenu>
      </>,
    );
    const opened = fireEvent.contextMenu(screen.getByText('Tab'), { clientX: 40, clientY: 30 });
    expect(opened).toBe(false); // the browser's own menu does not open over it
    expect(screen.getByRole('menu')).toBeInTheDocument();
    fireEvent.pointerDown(document.body);

    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('holds content of its own instead of items', () => {
    render(
      <PortalMenu trigger="click" content={() => <label>Amount <input type="checkbox" /></label>}>
        <button type="button">Columns</button>
      </PortalMenu>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    expect(screen.getByRole('checkbox', { name: 'Amount' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Columns' })).toHaveAttribute('aria-haspopup', 'true');
  });

  it('stays under its trigger as the page scrolls, and follows the trigger when a box inside the page scrolls', () => {
    renderMenu();
    const button = screen.getByRole('button', { name: 'Actions' });
    let box = { left: 100, right: 180, top: 8, bottom: 40 };
    button.getBoundingClientRect = () => ({ ...box, x: box.left, y: box.top, width: 80, height: 32, toJSON: () => box }) as DOMRect;
    fireEvent.click(button);
    const popup = screen.getByRole('menu').parentElement as HTMLElement;
    expect([popup.style.left, popup.style.top]).toEqual(['100px', '44px']);

    // The window scrolls: the menu is in the document and goes with the page, where it was.
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 20 });
    box = { ...box, top: -12, bottom: 20 };
    fireEvent.scroll(document);
    expect(popup.style.top).toBe('44px');
    expect(screen.getByRole('menu')).toBeInTheDocument();

    // A box scrolls (the table's frame): the trigger moved in the page, and the menu with it.
    const frame = document.createElement('div');
    document.body.append(frame);
    box = { ...box, top: -22, bottom: 10 };
    fireEvent.scroll(frame);
    expect(popup.style.top).toBe(`${20 + 10 + 4}px`);
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });
});


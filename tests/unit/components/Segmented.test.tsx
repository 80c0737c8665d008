import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Segmented } from '@/components/ui/Segmented';
import { THEME_CLASS } from '@/lib/theme/tokens';

function ChartOrTable({ onChange }: { onChange: (value: string) => void }) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  return (
    <Segmented
      label="View as"
      value={view}
      onChange={(value) => {
        setView(value);
        onChange(value);
      }}
      options={[
        { value: 'chart', label: 'Chart' },
        { value: 'table', label: 'Table' },
      ]}
    />
  );
}

describe('the segmented choice', () => {
  it('is a named group of radio buttons drawn with antd’s classes, the chosen one marked', () => {
    const onChange = jest.fn();
    render(<ChartOrTable onChange={onChange} />);
    const group = screen.getByRole('radiogroup', { name: 'View as' });
    expect(group).toHaveClass('ant-segmented', 'ant-segmented-sm', THEME_CLASS);
    expect(screen.getByRole('radio', { name: 'Chart' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Chart' }).closest('label')).toHaveClass('ant-segmented-item-selected');

    fireEvent.click(screen.getByText('Table'));
    expect(onChange).toHaveBeenCalledWith('table');
    expect(screen.getByRole('radio', { name: 'Table' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Table' }).closest('label')).toHaveClass('ant-segmented-item-selected');
    expect(screen.getByRole('radio', { name: 'Chart' }).closest('label')).not.toHaveClass('ant-segmented-item-selected');
    // One group: the browser moves between its options with the arrow keys and Tab stops once.
    const names = new Set(screen.getAllByRole('radio').map((radio) => radio.getAttribute('name')));
    expect(names.size).toBe(1);
  });
});

import { render, screen } from '@testing-library/react';
import { Descriptions } from 'antd';
import { NextIntlClientProvider } from 'next-intl';
import { AppProviders } from '@/components/providers/AppProviders';
import zhTW from '@/messages/zhTW.json';

describe('the portal-wide antd settings', () => {
  // At 390 px a drawer's label column is narrow: a Chinese label broke between its characters (日 / 期).
  it('keeps a details label whole between its words, in every Descriptions', () => {
    render(
      <NextIntlClientProvider locale="zh-TW" messages={zhTW}>
        <AppProviders language="zhTW">
          <Descriptions bordered column={1} items={[{ key: 'day', label: '日期', children: '2026-11-27' }]} />
        </AppProviders>
      </NextIntlClientProvider>,
    );
    // The label's cell: its text inherits the rule (jsdom computes no inheritance).
    expect(screen.getByText('日期').closest('th')).toHaveStyle({ wordBreak: 'keep-all' });
  });
});

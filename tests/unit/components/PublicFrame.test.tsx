import { render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { PublicFrame } from '@/components/public/PublicFrame';
import zhTW from '@/messages/zhTW.json';

jest.mock('@/lib/i18n/actions', () => ({ setLanguage: jest.fn() }));

describe('PublicFrame', () => {
  it('shows the title, the language selector and the version in the user language', () => {
    render(
      <NextIntlClientProvider locale="zh-Hant-TW" messages={zhTW}>
        <PublicFrame>
          <p>content</p>
        </PublicFrame>
      </NextIntlClientProvider>,
    );
    expect(screen.getByText('商戶服務平臺')).toBeInTheDocument();
    expect(screen.getByText('版本 4.4.9')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '語言' })).toBeInTheDocument();
    expect(screen.getByText('繁體中文')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('content');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});

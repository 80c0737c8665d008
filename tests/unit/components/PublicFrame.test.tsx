import { render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { PublicFrame } from '@/components/public/PublicFrame';
import zhTW from '@/messages/zhTW.json';

jest.mock('@/lib/i18n/actions', () => ({ setLanguage: jest.fn() }));

describe('PublicFrame', () => {
  it('shows the title, the language selector, the help links and the version in the user language', () => {
    const links = { tips: '/help', riskPortal: '', faq: '/help/faq', guide: '/help/guide', terms: '/help/terms', privacy: 'https://privacy.example', contact: '/help/contact' };
    render(
      <NextIntlClientProvider locale="zh-Hant-TW" messages={zhTW}>
        <PublicFrame links={links}>
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
    expect(screen.getByRole('link', { name: /常見問題/ })).toHaveAttribute('href', '/help/faq');
    expect(screen.getByRole('link', { name: /私隱政策/ })).toHaveAttribute('href', 'https://privacy.example');
  });
});

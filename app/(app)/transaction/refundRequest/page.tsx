import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { BatchUpload } from '@/components/refunds/BatchUpload';
import { RefundRequestPanel } from '@/components/refunds/RefundRequestPanel';
import { PageHeading } from '@/components/ui/PageHeading';
import { currentSession } from '@/lib/session/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations())('refund.requestTitle') };
}

/** Refund request (roles 1, 4, 7): find a sale and request a refund of it, or upload a batch. */
export default async function RefundRequestPage() {
  const session = await currentSession();
  if (!session?.menus.includes('refundRequest')) redirect('/login');
  const t = await getTranslations();
  return (
    <>
      <PageHeading title={t('refund.requestTitle')} />
      <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        <RefundRequestPanel />
        <BatchUpload />
      </div>
    </>
  );
}

import { BatchUpload } from '@/components/refunds/BatchUpload';
import { RefundRequestPanel } from '@/components/refunds/RefundRequestPanel';
import { VoidAction } from '@/components/refunds/VoidAction';
import { ListScreen, listMetadata } from '@/components/list-kit/ListScreen';

export const generateMetadata = () => listMetadata('refundRequests');

/** Refund request (roles 1, 4, 7): find a sale and request a refund of it, upload a batch, and the requests list with void. */
export default function RefundRequestPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return (
    <ListScreen
      list="refundRequests"
      searchParams={searchParams}
      above={
        <div style={{ display: 'flex', flexDirection: 'column', gap: 16, marginBottom: 16 }}>
          <RefundRequestPanel />
          <BatchUpload />
        </div>
      }
      actions={<VoidAction />}
    />
  );
}

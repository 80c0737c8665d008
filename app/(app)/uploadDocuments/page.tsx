import { UploadSection } from '@/components/documents/UploadSection';
import { DocumentActions } from '@/components/documents/DocumentActions';
import { ListScreen, listMetadata } from '@/components/list-kit/ListScreen';

export const generateMetadata = () => listMetadata('documents');

export default function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <ListScreen list="documents" searchParams={searchParams} above={<UploadSection />} rowActions={DocumentActions} />;
}

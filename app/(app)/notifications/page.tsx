import { ListScreen, listMetadata } from '@/components/list-kit/ListScreen';
import { NoticeActions } from '@/components/notices/NoticeActions';

export const generateMetadata = () => listMetadata('notices');

export default function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <ListScreen list="notices" searchParams={searchParams} rowActions={NoticeActions} />;
}

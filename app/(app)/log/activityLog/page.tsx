import { ListScreen, listMetadata } from '@/components/list-kit/ListScreen';

export const generateMetadata = () => listMetadata('activity');

export default function ActivityLogPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <ListScreen list="activity" searchParams={searchParams} />;
}

import { ListScreen, listMetadata } from '@/components/list-kit/ListScreen';

export const generateMetadata = () => listMetadata('payments');

export default function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <ListScreen list="payments" searchParams={searchParams} />;
}

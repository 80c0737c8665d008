import { ListScreen, listMetadata } from '@/components/list-kit/ListScreen';

export const generateMetadata = () => listMetadata('transactions');

export default function TransactionsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <ListScreen list="transactions" searchParams={searchParams} />;
}

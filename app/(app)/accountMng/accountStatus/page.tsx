import { AccountActions } from '@/components/accounts/AccountActions';
import { ListScreen, listMetadata } from '@/components/list-kit/ListScreen';

export const generateMetadata = () => listMetadata('accounts');

export default function AccountStatusPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <ListScreen list="accounts" searchParams={searchParams} rowActions={AccountActions} />;
}

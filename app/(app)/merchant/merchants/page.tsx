import { ListScreen, listMetadata } from '@/components/list-kit/ListScreen';
import { OrganisationSummary } from '@/components/merchants/OrganisationSummary';

export const generateMetadata = () => listMetadata('merchants');

/** Merchant information: the customer's (or partner's) card above the merchant list. */
export default function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <ListScreen list="merchants" searchParams={searchParams} above={<OrganisationSummary />} />;
}

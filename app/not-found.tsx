import { ErrorPage } from '@/components/public/ErrorPage';
import { PublicFrame } from '@/components/public/PublicFrame';

/** Any path the portal does not have. */
export default function NotFound() {
  return (
    <PublicFrame>
      <ErrorPage kind="notFound" />
    </PublicFrame>
  );
}

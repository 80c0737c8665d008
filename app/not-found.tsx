import { ErrorPage } from '@/components/public/ErrorPage';
import { PublicFrame } from '@/components/public/PublicFrame';
import { shellLinks } from '@/lib/shell/links';

/** Any path the portal does not have. */
export default function NotFound() {
  return (
    <PublicFrame links={shellLinks()}>
      <ErrorPage kind="notFound" />
    </PublicFrame>
  );
}

import { ErrorPage } from '@/components/public/ErrorPage';
import { PublicFrame } from '@/components/public/PublicFrame';

/** Any path the portal does not have. Every page's bundle carries this one, so it uses no antd. */
export default function NotFound() {
  return (
    <PublicFrame>
      <ErrorPage kind="notFound" />
    </PublicFrame>
  );
}

import { ErrorPage } from '@/components/public/ErrorPage';

/** A signed-in user's mistyped or unknown path: the 404 inside the shell; the session stays. */
export default function SignedInNotFound() {
  return <ErrorPage kind="notFound" />;
}

import { Suspense } from 'react';

// /boundary?shell=<bytes before the boundary>&inside=<bytes inside it>: where React's server renderer puts a
// Suspense boundary whose content never suspends, in a page of a given size.
const text = (bytes) => 'x'.repeat(Math.max(0, Number(bytes) || 0));

export default async function Page({ searchParams }) {
  const { shell, inside } = await searchParams;
  return (
    <main>
      <p id="before">{text(shell)}</p>
      <Suspense fallback={<p id="fallback">…</p>}>
        <p id="inside">{text(inside)}</p>
      </Suspense>
      <p id="after">after</p>
    </main>
  );
}

'use client';
// A client component whose code is easy to find in the browser's chunks.
export default function Island() {
  return <p id="island" onClick={() => console.log('ISLAND_MARKER')}>island</p>;
}

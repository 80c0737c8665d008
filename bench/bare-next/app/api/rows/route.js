// The least a streamed download of `rows` lines of `width` bytes can be in Next.js: each line made
// as a string when the reader asks for more, 64 KB at a time, as the portal's export writes.
export function GET(request) {
  const params = new URL(request.url).searchParams;
  const rows = Number(params.get('rows'));
  const width = Number(params.get('width'));
  const encoder = new TextEncoder();
  let made = 0;
  const line = (n) => {
    const head = `${n},2026-01-01 00:00:00,${(n * 7919) % 100000}.${String(n % 100).padStart(2, '0')},`;
    return `${head}${'x'.repeat(Math.max(0, width - head.length - 1))}\n`;
  };
  const stream = new ReadableStream({
    pull(controller) {
      if (made >= rows) return controller.close();
      let chunk = '';
      while (made < rows && chunk.length < 65536) chunk += line(made++);
      controller.enqueue(encoder.encode(chunk));
    },
  });
  return new Response(stream, { headers: { 'content-type': 'text/csv' } });
}
